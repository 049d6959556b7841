// The dynamic-form rules on the client (spec portal-business §5), mirroring the server's
// domain/survey Check so that the carousel can show a message before the user leaves a
// question; the server checks again on finishing. Values are kept as the input's text.
import { ApiError } from '@/lib/api';
import type { AnswerBody, SurveyQuestion } from '../api/types';

/** Message keys (namespace surveys, "validation.*"), the same keys the server answers. */
export type ValidationKey =
  | 'campo_obrigatorio'
  | 'duas_casas_decimais'
  | 'valor_minimo'
  | 'valor_maximo'
  | 'selecione_uma_opcao'
  | 'numero_inteiro'
  | 'numero_invalido'
  | 'data_invalida'
  | 'texto_muito_longo'
  | 'configuracao_invalida';

/** Input defaults (spec §5, §9): text max 255, multi-line max 50000. */
export const TEXT_MAX = 255;
export const MULTILINE_MAX = 50000;

const KNOWN_TYPES = new Set([0, 1, 2, 5, 6, 8, 11]);

/** The options of an option question: separated by semicolons, trimmed, empty ones dropped. */
export function optionList(q: Pick<SurveyQuestion, 'oa9_007_m'>): string[] {
  return (q.oa9_007_m ?? '')
    .split(';')
    .map((o) => o.trim())
    .filter(Boolean);
}

function bound(text: string, integer: boolean): number | null | 'bad' {
  const s = (text ?? '').trim();
  if (s === '') return null;
  const v = Number(s);
  if (!Number.isFinite(v) || (integer && !Number.isInteger(v))) return 'bad';
  return v;
}

/** Whether a question's configuration can be shown ("configuração inválida !" otherwise). */
export function configValid(q: SurveyQuestion): boolean {
  const type = q.oa9_004_n;
  if (!KNOWN_TYPES.has(type) || !(q.oa9_003_m ?? '').trim()) return false;
  if (type === 8) return optionList(q).length > 0;
  if (type === 1 || type === 5) {
    const lo = bound(q.oa9_020_c, type === 1);
    const hi = bound(q.oa9_021_c, type === 1);
    if (lo === 'bad' || hi === 'bad') return false;
    return lo === null || hi === null || lo <= hi;
  }
  return !(q.oa9_020_c ?? '').trim() && !(q.oa9_021_c ?? '').trim();
}

/** The saved answer of a question as the input's text ('' when unanswered). */
export function valueOf(q: SurveyQuestion): string {
  switch (q.oa9_004_n) {
    case 1:
      return q.oa9_101_n == null ? '' : String(q.oa9_101_n);
    case 5:
      return q.oa9_103_n == null ? '' : String(q.oa9_103_n);
    case 2:
      return q.oa9_102_b == null ? '' : String(q.oa9_102_b);
    case 6:
      return q.oa9_104_t ?? '';
    case 11:
      return q.oa9_105_m ?? '';
    default:
      return q.oa9_100_c ?? '';
  }
}

/** Normalizes a typed number: a decimal comma becomes a point. */
function numberText(value: string): string {
  return value.trim().replace(',', '.');
}

/** The answer body for a question's value, in the slot of its type (spec §7). */
export function bodyFor(q: SurveyQuestion, value: string, step: number): AnswerBody {
  const body: AnswerBody = { step, oa9_004_n: q.oa9_004_n, oa10_ukey: q.oa10_ukey, oa8_ukey: q.oa8_ukey, ukey: q.ukey };
  const v = value.trim();
  switch (q.oa9_004_n) {
    case 1:
      body.oa9_101_n = v === '' ? null : numberText(v);
      break;
    case 5:
      body.oa9_103_n = v === '' ? null : numberText(v);
      break;
    case 2:
      body.oa9_102_b = v === '' ? null : v === 'true';
      break;
    case 6:
      body.oa9_104_t = v || null;
      break;
    case 11:
      body.oa9_105_m = value;
      break;
    default:
      body.oa9_100_c = value;
  }
  return body;
}

/** The answer slots of a question after saving value (to keep the list in step). */
export function withValue(q: SurveyQuestion, value: string): SurveyQuestion {
  const b = bodyFor(q, value, 0);
  const num = (x: number | string | null | undefined) => (x == null || x === '' ? null : Number(x));
  return {
    ...q,
    oa9_100_c: b.oa9_100_c ?? null,
    oa9_101_n: num(b.oa9_101_n),
    oa9_102_b: b.oa9_102_b ?? null,
    oa9_103_n: num(b.oa9_103_n),
    oa9_104_t: b.oa9_104_t ?? null,
    oa9_105_m: b.oa9_105_m ?? null,
  };
}

/**
 * Validates a value against its question (spec §5): decimals at most two digits after the
 * comma, integers and decimals within min and max, boolean, date and text required when
 * chkIfEmpty (oa9_022_n) is set, an option needs one choice. Returns the first rule broken.
 */
export function validateAnswer(q: SurveyQuestion, value: string): ValidationKey | null {
  if (!configValid(q)) return 'configuracao_invalida';
  const type = q.oa9_004_n;
  const v = type === 11 || type === 0 ? value : value.trim();
  if (v.trim() === '') {
    if (type === 8) return 'selecione_uma_opcao';
    return q.oa9_022_n === 1 ? 'campo_obrigatorio' : null;
  }
  switch (type) {
    case 1:
    case 5: {
      const text = numberText(v);
      const n = Number(text);
      if (text === '' || !Number.isFinite(n)) return 'numero_invalido';
      if (type === 1 && !Number.isInteger(n)) return 'numero_inteiro';
      if (type === 5 && (text.split('.')[1] ?? '').replace(/0+$/, '').length > 2) return 'duas_casas_decimais';
      const lo = bound(q.oa9_020_c, type === 1);
      const hi = bound(q.oa9_021_c, type === 1);
      if (typeof lo === 'number' && n < lo) return 'valor_minimo';
      if (typeof hi === 'number' && n > hi) return 'valor_maximo';
      return null;
    }
    case 6: {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      if (!m || Number(m[1]) < 1900 || Number.isNaN(Date.parse(v))) return 'data_invalida';
      return null;
    }
    case 8:
      return optionList(q).includes(v) ? null : 'selecione_uma_opcao';
    case 0:
      return v.trim().length > TEXT_MAX ? 'texto_muito_longo' : null;
    case 11:
      return v.trim().length > MULTILINE_MAX ? 'texto_muito_longo' : null;
    default:
      return null;
  }
}

/** Whether a question counts as answered for the progress bar. */
export function isAnswered(q: SurveyQuestion): boolean {
  return valueOf(q).trim() !== '';
}

/** The first invalid question named by a refused finish ("perguntas[3]"), if any. */
export function firstInvalidIndex(err: unknown): number | undefined {
  if (!(err instanceof ApiError)) return undefined;
  for (const e of err.errors) {
    const m = /^perguntas\[(\d+)\]$/.exec(e.type);
    if (m) return Number(m[1]);
  }
  return undefined;
}
