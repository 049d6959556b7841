// The form of a new action of the development plan (docs/api.md "PDI": titulo 1..255,
// prazo an optional YYYY-MM-DD). The server checks again; its refusal is shown on the field
// it names (validation.* keys of the surveys).
import { TEXT_MAX } from './answers';

export interface PdiValues {
  titulo: string;
  /** YYYY-MM-DD, or '' for no due date. */
  prazo: string;
}

export const pdiInitial: PdiValues = { titulo: '', prazo: '' };

/** Each field's error key (namespace surveys, validation.*), or null when it is fine. */
export const pdiRules = {
  titulo: (v: string) => (!v.trim() ? 'campo_obrigatorio' : v.length > TEXT_MAX ? 'texto_muito_longo' : null),
  prazo: (v: string) => (!v || (/^\d{4}-\d{2}-\d{2}$/.test(v) && Number(v.slice(0, 4)) >= 1900) ? null : 'data_invalida'),
};
