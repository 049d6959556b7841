// Types of the punch-adjustment calls (docs/api.md, "Punch adjustments").

export type AdjustmentKind = 'incluir' | 'corrigir' | 'abonar';
export type FilterHandle = 'waiting' | 'approved' | 'rejected' | 'all';
export type ApprovalArea = 'gestor' | 'admin';
/** aprovacao-ponto lists the abonos, aprovacao-ajustes the mark adjustments. */
export type ApprovalList = 'ponto' | 'ajustes';

export interface Person {
  userHash: string;
  m01Ukey: string;
  nome: string;
}

export interface Adjustment {
  ac4Ukey: string;
  tipo: AdjustmentKind;
  data: string;
  marcacaoId?: string;
  hora?: string;
  /** corrigir: the mark's time before the adjustment. */
  horaAnterior: string | null;
  inicio?: string;
  fim?: string;
  motivo: string;
  colaborador: Person | null;
  status: 'waiting' | 'approved' | 'rejected' | string;
  approvalStatus: string;
  currentStep: { index: number; kind: string } | null;
  podeDecidir: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface DayMark {
  id: string;
  n09_001_t: string;
  hora: string;
  endereco: string;
  ajustada: boolean;
  incluida: boolean;
  horaOriginal: string | null;
  ac4Ukey: string | null;
  /** Recorded by HR for the employee (docs/api.md "HR marking"): by whom and why. */
  rh?: { autorId: string; autorNome: string; motivo: string; tipo: string };
}

export interface DayExcuse {
  inicio: string;
  fim: string;
  motivo: string;
  ac4Ukey: string;
}

export interface DayView {
  data: string;
  marcacoes: DayMark[];
  abonos: DayExcuse[];
  solicitacoes: Adjustment[];
  permissoes: { solicita_ajuste_ponto?: number; solicita_abono_ponto?: number };
}

export interface AskBody {
  tipo: AdjustmentKind;
  data: string;
  marcacaoId?: string;
  hora?: string;
  inicio?: string;
  fim?: string;
  motivo: string;
  titulo?: string;
}

export interface DecisionBody {
  requestId: string;
  step: number;
  acao: 'approve' | 'reject';
  comentario?: string;
}

export interface DecisionAnswer {
  success: boolean;
  data: { ac4Ukey: string; status: string; approvalStatus: string };
}
