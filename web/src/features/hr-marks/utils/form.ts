// The HR mark form's fields and what the browser checks before sending: an employee, a day, a
// time, a kind and a reason of 3–200 characters. The rules that need the server (the time
// not in the future nor before the hire date, no other mark at that minute, the employee
// active in this company) come back as the same fields' errors (errors.*).
import type { HRMarkBody, HRMarkKind } from '../api/types';

export interface HRMarkValues {
  colaborador: string | null;
  data: string;
  hora: string;
  tipo: HRMarkKind;
  motivo: string;
}

/** The reason's bounds once trimmed (the server's motivo_tamanho). */
export const REASON_MIN = 3;
export const REASON_MAX = 200;

const REQUIRED = 'errors.campo_obrigatorio';

export function initialValues(today: string): HRMarkValues {
  return { colaborador: null, data: today, hora: '', tipo: 'device', motivo: '' };
}

/** Each field's error key (namespace hrMarks), or null when it is fine. */
export const rules = {
  colaborador: (v: string | null) => (v ? null : REQUIRED),
  data: (v: string) => (v ? null : REQUIRED),
  hora: (v: string) => (/^\d{2}:\d{2}$/.test(v) ? null : REQUIRED),
  motivo: (v: string) => {
    const n = [...v.trim()].length;
    if (n === 0) return REQUIRED;
    return n < REASON_MIN || n > REASON_MAX ? 'errors.motivo_tamanho' : null;
  },
};

/** The call's body. */
export function toBody(v: HRMarkValues): HRMarkBody {
  return { colaborador: v.colaborador ?? '', data: v.data, hora: v.hora, tipo: v.tipo, motivo: v.motivo.trim() };
}
