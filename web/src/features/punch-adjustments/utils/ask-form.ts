// The adjustment/abono ask's fields and what the browser checks before sending: that what the
// kind needs is given (the mark to correct, the time, both ends of a partial abono, the reason)
// and that the reason fits. The other rules (a day in the past 60 days, no mark at that
// minute, the end after the start, the switches) live on the server, whose refusals show on
// the same fields (errors.*).
import type { AdjustmentKind, AskBody, DayMark } from '../api/types';

export interface AskValues {
  tipo: AdjustmentKind;
  /** corrigir: the mark to move. */
  marcacaoId: string | null;
  /** incluir, corrigir: HH:mm. */
  hora: string;
  /** abonar: HH:mm, or both empty for the whole day. */
  inicio: string;
  fim: string;
  motivo: string;
}

/** The reason's length limit (the server's texto_muito_longo). */
export const REASON_MAX = 255;

const REQUIRED = 'errors.campo_obrigatorio';

/** The form's start: the kind asked for, and the mark to correct with its current time. */
export function askInitial(tipo: AdjustmentKind, marks: readonly DayMark[], markId?: string): AskValues {
  const hora = markId ? (marks.find((m) => m.id === markId)?.hora ?? '') : '';
  return { tipo, marcacaoId: markId ?? null, hora, inicio: '', fim: '', motivo: '' };
}

/** Each field's error key (namespace adjustments), or null when it is fine. */
export const askRules = {
  marcacaoId: (v: string | null, values: AskValues) => (values.tipo === 'corrigir' && !v ? REQUIRED : null),
  hora: (v: string, values: AskValues) => (values.tipo !== 'abonar' && !v ? REQUIRED : null),
  inicio: (v: string, values: AskValues) => (values.tipo === 'abonar' && !v && values.fim ? REQUIRED : null),
  fim: (v: string, values: AskValues) => (values.tipo === 'abonar' && !v && values.inicio ? REQUIRED : null),
  motivo: (v: string) => (!v.trim() ? REQUIRED : v.length > REASON_MAX ? 'errors.texto_muito_longo' : null),
};

/** The ask's body: only what its kind carries (docs/api.md, "Punch adjustments"). */
export function askBody(v: AskValues, data: string, titulo: string): AskBody {
  const body: AskBody = { tipo: v.tipo, data, motivo: v.motivo.trim(), titulo };
  if (v.tipo === 'corrigir') body.marcacaoId = v.marcacaoId ?? '';
  if (v.tipo !== 'abonar') body.hora = v.hora;
  if (v.tipo === 'abonar' && (v.inicio || v.fim)) Object.assign(body, { inicio: v.inicio, fim: v.fim });
  return body;
}
