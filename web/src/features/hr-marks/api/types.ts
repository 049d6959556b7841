// Types of the HR marking calls (docs/api.md, "HR marking").

/** Why the employee could not punch. */
export type HRMarkKind = 'device' | 'field' | 'forgot' | 'other';

export const HR_MARK_KINDS: readonly HRMarkKind[] = ['device', 'field', 'forgot', 'other'];

/** A mark HR recorded, as the recent list shows it. */
export interface HRMark {
  id: string;
  colaboradorId: string;
  colaboradorNome: string;
  /** The mark's local time, YYYY-MM-DDTHH:mm:ss. */
  n09_001_t: string;
  autorId: string;
  autorNome: string;
  motivo: string;
  tipo: HRMarkKind;
}

/** An employee HR may record a mark for. */
export interface MarkableEmployee {
  id: string;
  nome: string;
  codigo: string;
  /** Hire date, YYYY-MM-DD. */
  admissao: string;
}

/** POST rh-app/marcacao-rh's body. */
export interface HRMarkBody {
  colaborador: string;
  data: string;
  hora: string;
  tipo: HRMarkKind;
  motivo: string;
}

export interface HRMarkAnswer {
  success: boolean;
  data: HRMark;
}
