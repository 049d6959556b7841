// Shapes of the vacation calls (docs/api.md "Vacations"). Dates are YYYY-MM-DD.

/** Status of an acquisition period on the day asked (spec portal-business §3, §4). */
export type PeriodStatus = 'acquiring' | 'in_concessive' | 'expiring' | 'overdue' | 'scheduled' | 'taken' | 'closed';

/** Status of one request. */
export type LeaveStatus = 'pending' | 'scheduled' | 'taken' | 'rejected' | 'cancelled';

/** A step of the approval chain. */
export type StepKind = 'manager' | 'hr' | 'phase';

export interface VacationPeriod {
  periodo: number;
  inicio: string;
  fim: string;
  fimConcessivo: string;
  direito: number;
  pendentes: number;
  agendados: number;
  gozados: number;
  abono: number;
  saldo: number;
  status: PeriodStatus;
  encerramento?: string;
  diasParaVencer: number;
}

export interface VacationDecision {
  step: number;
  eventType: string;
  by: string;
  at: string;
  comment: string;
}

export interface VacationLeave {
  id: string;
  m01Ukey: string;
  nome: string;
  departamento: string;
  inicio: string;
  fim: string;
  dias: number;
  abono: number;
  adiantamento13: boolean;
  periodo: number;
  status: LeaveStatus;
  etapas: StepKind[];
  etapa: number;
  etapaAtual: StepKind | '';
  solicitadoEm: string;
  decididoEm: string | null;
  comentario: string;
  decisoes: VacationDecision[];
}

export interface VacationPlan {
  id: string;
  m01Ukey: string;
  nome: string;
  departamento: string;
  inicio: string;
  fim: string;
  dias: number;
}

export interface VacationAlert {
  periodo: number;
  dias: number;
  em: string;
}

export interface MyVacations {
  m01Ukey: string;
  admissao: string;
  saldo: number;
  periodos: VacationPeriod[];
  solicitacoes: VacationLeave[];
  planejadas: VacationPlan[];
  alertas: VacationAlert[];
  permissoes: { solicita_ferias: boolean; solicita_abono_ferias: boolean; solicita_13_ferias: boolean };
}

export interface VacationDraft {
  inicio: string;
  dias: number;
  abono?: number;
  adiantamento13?: boolean;
}

export interface CheckedVacation {
  id?: string;
  inicio: string;
  fim: string;
  dias: number;
  periodo: number;
  etapas: StepKind[];
  status: LeaveStatus;
}

/** tipoFerias of the map route: 0 all, 1 approved, 2 waiting, 3 planned. */
export type MapKind = 0 | 1 | 2 | 3;

export interface MapEntry {
  id: string;
  m01Ukey: string;
  nome: string;
  departamento: string;
  inicio: string;
  fim: string;
  dias: number;
  status: 'pending' | 'scheduled' | 'taken' | 'planned';
  etapaAtual?: StepKind;
}

export interface Holiday {
  data: string;
  /** i18n key of the holiday (holiday_tenant for a tenant's own date, named by nome). */
  chave: string;
  nome?: string;
}

export interface Department {
  id: string;
  nome: string;
}

export interface TeamMember {
  m01Ukey: string;
  nome: string;
  departamento: string;
}

export interface Planning {
  ano: number;
  equipe: TeamMember[];
  planos: VacationPlan[];
}

export interface ScheduleDay {
  data: string;
  tipo: 'work' | 'rest' | 'holiday';
  feriado?: string;
  nome?: string;
  horarios: { start: string; end: string }[];
}

export interface MonthSchedule {
  yearMonth: string;
  m01Ukey: string;
  tipoEscala: 'fixed' | '12x36' | 'variable' | 'flexible' | '';
  horasSemanais: number;
  dias: ScheduleDay[];
}

/** Whose vacations the map and planning cover. */
export type VacationScope = 'gestor' | 'admin';
