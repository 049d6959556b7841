// The request form (spec portal-business §2, §5): its values (the draft), the rules the browser
// checks before any call, the body sent, and where the server's field errors land. The rules
// are the same the server applies (docs/api.md "Commands", domain/request/fields.go): reason,
// comment and title required; no empty reference date; entry and exit dates within a range
// (start not after end, both within 366 days of the reference date); a delivery date later
// than the reference date; an absence needs its description, and abono with a medical
// certificate the doctor's fields, its period and (to be sent) an attachment. Input limits
// from §5: text 255, multi-line 50000. Messages are the server's keys (translated from the
// 'requests' namespace), so a local error and a server error on the same field read the same.
import { ApiError } from '@/lib/api';
import type { AbsenceFields, Request, RequestDraft, RequestType } from '../api/types';

export const TEXT_MAX = 255;
export const MULTILINE_MAX = 50_000;
/** Dates before 1900 are shown empty (spec §5), so they are refused. */
const MIN_YEAR = 1900;

/** The tipoAbono of a medical certificate (docs/api.md: its attachment is required). */
export const ABONO_MEDICAL_CERTIFICATE = 'atestado';
/** Labels: at most 5 of at most 30 characters (the server's MaxLabels, MaxLabel). */
export const MAX_LABELS = 5;
export const LABEL_MAX = 30;

export const REQUIRED = 'campo_obrigatorio';
export const TOO_LONG = 'texto_muito_longo';
export const BAD_DATE = 'data_invalida';
export const OUT_OF_RANGE = 'data_fora_intervalo';
export const DELIVERY_BEFORE = 'data_entrega_anterior';
export const ATTACHMENT_REQUIRED = 'anexo_obrigatorio';
/** The apportionment's shares must add up to exactly 100 % (the server's KeyApportionmentSum). */
export const APPORTIONMENT_SUM = 'rateio_soma_invalida';
/** Instalments belong to a purchase request alone (docs/api.md pedidocompra/parcelas). */
export const PURCHASE_TYPE = 'compra';

/** Items: at most 50, each quantity 1..9999 (the server's MaxItems, MaxQuantity). */
export const MAX_ITEMS = 50;
export const MAX_QUANTITY = 9999;

export type RequestField = Exclude<keyof RequestDraft, 'labels'>;
export type RequestErrors = Partial<Record<RequestField, string>>;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

function parseDate(value: string): Date | undefined {
  if (!DATE_RE.test(value)) return undefined;
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) return undefined;
  return d.getUTCFullYear() < MIN_YEAR ? undefined : d;
}

/** How far entry and exit dates may lie from the reference date (the server's DateWindow, 366 days). */
const DATE_WINDOW_MS = 366 * 24 * 3600 * 1000;

/** Whether the draft is an abono with a medical certificate. */
export function needsMedicalCertificate(draft: Pick<RequestDraft, 'tipoAbono'>, type: RequestType | undefined): boolean {
  const t = draft.tipoAbono.trim().toLowerCase();
  return Boolean(type?.ausencia) && (t === ABONO_MEDICAL_CERTIFICATE || t === 'atestado_medico');
}

/**
 * The errors of a draft by field; empty when it may be saved. `sending` adds what only a
 * send needs (the medical certificate's attachment); `attached` counts the files the request
 * already has (edit mode).
 */
export function validateRequest(
  draft: RequestDraft,
  type: RequestType | undefined,
  { sending = true, attached = 0 }: { sending?: boolean; attached?: number } = {},
): RequestErrors {
  const errors: RequestErrors = {};
  const put = (field: RequestField, key: string | undefined) => {
    if (key && errors[field] === undefined) errors[field] = key;
  };
  const text = (
    field: 'titulo' | 'motivo' | 'comentario' | 'tipoAusenciaDesc' | 'nomeMedico' | 'tpRegistro' | 'registro' | 'ufRegistroDesc',
    max: number,
  ) => {
    const value = draft[field];
    if (!value.trim()) put(field, REQUIRED);
    else if (value.length > max) put(field, TOO_LONG);
  };
  /** A required date: its Date, or undefined with the error put. */
  const date = (field: 'dataReferencia' | 'dataEntrega' | 'dataInicio' | 'dataFim' | 'inicioAbono' | 'fimAbono') => {
    const value = draft[field].trim();
    if (!value) {
      put(field, REQUIRED);
      return undefined;
    }
    const d = parseDate(value);
    if (!d) put(field, BAD_DATE);
    return d;
  };

  const optionalDate = (field: 'dataEntrega' | 'dataInicio' | 'dataFim' | 'inicioAbono' | 'fimAbono') =>
    draft[field].trim() ? date(field) : undefined;

  if (!draft.tipo || !type) put('tipo', REQUIRED);
  text('titulo', TEXT_MAX);
  text('motivo', TEXT_MAX);
  text('comentario', MULTILINE_MAX);

  const ref = date('dataReferencia');

  // Entry and exit dates are optional; when given, start ≤ end and both within the window
  // around the reference date.
  const start = optionalDate('dataInicio');
  const end = optionalDate('dataFim');
  if (ref) {
    const lo = ref.getTime() - DATE_WINDOW_MS;
    const hi = ref.getTime() + DATE_WINDOW_MS;
    if (start && (start.getTime() < lo || start.getTime() > hi)) put('dataInicio', OUT_OF_RANGE);
    if (end && (end.getTime() < lo || end.getTime() > hi)) put('dataFim', OUT_OF_RANGE);
  }
  if (start && end && end < start) put('dataFim', OUT_OF_RANGE);

  if (type?.entrega) {
    if (draft.itens.length > MAX_ITEMS) put('itens', TOO_LONG);
    if (draft.itens.some((i) => !Number.isInteger(i.quantidade) || i.quantidade < 1 || i.quantidade > MAX_QUANTITY)) {
      put('itens', 'valor_invalido');
    }
    const delivery = optionalDate('dataEntrega');
    // "a delivery date must be later than a reference date" (strictly later).
    if (delivery && ref && delivery <= ref) put('dataEntrega', DELIVERY_BEFORE);
  }

  // Instalments (a purchase): a due date on or after the reference date, an amount > 0 with
  // at most two decimals. The split: a centre on every row, parts adding up to 100 %.
  if (draft.tipo === PURCHASE_TYPE) {
    for (const p of draft.parcelas) {
      const due = parseDate(p.vencimento);
      if (!due) put('parcelas', BAD_DATE);
      else if (ref && due < ref) put('parcelas', OUT_OF_RANGE);
      if (hundredths(p.valor) === undefined || hundredths(p.valor)! <= 0) put('parcelas', 'valor_invalido');
    }
  }
  if (draft.rateio.length) {
    const parts = draft.rateio.map((r) => hundredths(r.percentual));
    if (draft.rateio.some((r) => !r.centro) || parts.some((p) => p === undefined || p <= 0 || p > 10_000)) put('rateio', 'valor_invalido');
    else if (parts.reduce<number>((a, p) => a + p!, 0) !== 10_000) put('rateio', APPORTIONMENT_SUM);
  }

  if (type?.ausencia) {
    const medical = needsMedicalCertificate(draft, type);
    text('tipoAusenciaDesc', TEXT_MAX);
    if (draft.tipoAbono.length > TEXT_MAX) put('tipoAbono', TOO_LONG);
    if (draft.cidDesc.length > TEXT_MAX) put('cidDesc', TOO_LONG);
    // The certificate's period is required; other absences may leave it empty.
    const from = medical ? date('inicioAbono') : optionalDate('inicioAbono');
    const to = medical ? date('fimAbono') : optionalDate('fimAbono');
    if (from && to && to < from) put('fimAbono', OUT_OF_RANGE);
    if (medical) {
      text('nomeMedico', TEXT_MAX);
      text('tpRegistro', TEXT_MAX);
      text('registro', TEXT_MAX);
      text('ufRegistroDesc', TEXT_MAX);
      if (sending && draft.anexos.length + attached === 0) put('anexos', ATTACHMENT_REQUIRED);
    }
  }
  return errors;
}

export const hasErrors = (errors: RequestErrors) => Object.keys(errors).length > 0;

/** A decimal typed with "." or "," and at most two decimals, in hundredths; undefined when it is not one. */
export function hundredths(text: string): number | undefined {
  const t = text.trim().replace(',', '.');
  if (!/^\d{1,13}(\.\d{1,2})?$/.test(t)) return undefined;
  return Math.round(Number(t) * 100);
}

// ---- the draft and the body sent ----


/** A new request's empty form. */
export function emptyDraft(): RequestDraft {
  return {
    tipo: '',
    titulo: '',
    motivo: '',
    comentario: '',
    prioridade: '2',
    dataReferencia: '',
    dataEntrega: '',
    dataInicio: '',
    dataFim: '',
    tipoAusenciaDesc: '',
    tipoAbono: '',
    nomeMedico: '',
    tpRegistro: '',
    registro: '',
    cidDesc: '',
    ufRegistroDesc: '',
    inicioAbono: '',
    fimAbono: '',
    labels: [],
    itens: [],
    anexos: [],
    departamento: null,
    centroCusto: null,
    centroResultado: null,
    unidadeNegocio: null,
    cargo: null,
    funcao: null,
    unidadeMedida: null,
    parcelas: [],
    rateio: [],
  };
}

/** The absence fields (abono), sent as `ausencia`. */
const ABSENCE_KEYS: readonly (keyof AbsenceFields)[] = [
  'tipoAusenciaDesc',
  'tipoAbono',
  'nomeMedico',
  'tpRegistro',
  'registro',
  'cidDesc',
  'ufRegistroDesc',
  'inicioAbono',
  'fimAbono',
];

/**
 * The body of POST api/cac-app/request (docs/api.md): only the fields the type has; empty
 * optional dates are left out; `m01Ukey` when acting for a team member.
 */
export function draftBody(draft: RequestDraft, type: RequestType | undefined, m01Ukey?: string) {
  const opt = (v: string) => (v.trim() ? v.trim() : undefined);
  const ausencia = type?.ausencia
    ? Object.fromEntries(ABSENCE_KEYS.map((k) => [k, draft[k].trim()]))
    : undefined;
  return {
    m01Ukey: m01Ukey || undefined,
    tipo: draft.tipo,
    titulo: draft.titulo.trim(),
    motivo: draft.motivo.trim(),
    comentario: draft.comentario,
    prioridade: Number(draft.prioridade),
    dataReferencia: draft.dataReferencia,
    dataEntrega: type?.entrega ? opt(draft.dataEntrega) : undefined,
    dataInicio: opt(draft.dataInicio),
    dataFim: opt(draft.dataFim),
    ausencia,
    itens: type?.entrega && draft.itens.length ? draft.itens.map((i) => ({ itemId: i.itemId, quantidade: i.quantidade })) : undefined,
    labels: draft.labels.length ? draft.labels : undefined,
    departamento: draft.departamento?.id,
    centroCusto: draft.centroCusto?.id,
    centroResultado: draft.centroResultado?.id,
    unidadeNegocio: draft.unidadeNegocio?.id,
    cargo: draft.cargo?.id,
    funcao: draft.funcao?.id,
    unidadeMedida: draft.unidadeMedida?.id,
    parcelas: draft.tipo === PURCHASE_TYPE && draft.parcelas.length ? draft.parcelas.map((p) => ({ vencimento: p.vencimento, valor: p.valor.trim().replace(',', '.') })) : undefined,
    rateio: draft.rateio.length
      ? draft.rateio.map((r) => ({ tipo: r.tipo, centroId: r.centro?.id ?? '', percentual: r.percentual.trim().replace(',', '.') }))
      : undefined,
  };
}

/** The form of an existing request (edit mode): its fields, no new files. */
export function draftOf(r: Request): RequestDraft {
  const a = r.ausencia;
  const blank = emptyDraft();
  return {
    ...blank,
    tipo: r.tipo,
    titulo: r.titulo,
    motivo: r.motivo,
    comentario: r.comentario,
    prioridade: String(r.prioridade) as RequestDraft['prioridade'],
    dataReferencia: r.dataReferencia ?? '',
    dataEntrega: r.dataEntrega ?? '',
    dataInicio: r.dataInicio ?? '',
    dataFim: r.dataFim ?? '',
    ...(a ? Object.fromEntries(ABSENCE_KEYS.map((k) => [k, a[k] ?? ''])) : {}),
    labels: [...r.labels],
    itens: (r.itens ?? []).map((i) => ({ ...i })),
    departamento: r.departamento ?? null,
    centroCusto: r.centroCusto ?? null,
    centroResultado: r.centroResultado ?? null,
    unidadeNegocio: r.unidadeNegocio ?? null,
    cargo: r.cargo ?? null,
    funcao: r.funcao ?? null,
    unidadeMedida: r.unidadeMedida ?? null,
    parcelas: (r.parcelas ?? []).map((p) => ({ vencimento: p.vencimento, valor: p.valor })),
    rateio: (r.rateio ?? []).map((s) => ({ tipo: s.tipo, centro: s.centro, percentual: String(s.percentual) })),
  };
}

// Server errors on the request form (spec §5: "server field errors attach to matching
// fields"): each {type, message} of the answer lands on the form field `type` names. The
// absence fields may come as `ausencia.<field>`; an uploaded file's errors (`file`) belong to
// the attachments. What names no field is the form's general message.

/** The form's fields, by the names the server's errors use. */
const FIELDS: readonly RequestField[] = [
  ...(['tipo', 'titulo', 'motivo', 'comentario', 'prioridade', 'dataReferencia', 'dataEntrega', 'dataInicio', 'dataFim'] as const),
  ...ABSENCE_KEYS,
  'anexos',
  'itens',
  'departamento',
  'centroCusto',
  'centroResultado',
  'unidadeNegocio',
  'cargo',
  'funcao',
  'unidadeMedida',
  'parcelas',
  'rateio',
];

const ALIASES: Record<string, RequestField> = { file: 'anexos', origem: 'tipo' };

function fieldOf(type: string): RequestField | undefined {
  if (type === 'itens' || type.startsWith('itens.') || type.startsWith('itens[')) return 'itens';
  if (type.startsWith('parcelas.')) return 'parcelas';
  if (type.startsWith('rateio.')) return 'rateio';
  const name = type.startsWith('ausencia.') ? type.slice('ausencia.'.length) : type;
  if (ALIASES[name]) return ALIASES[name];
  return (FIELDS as readonly string[]).includes(name) ? (name as RequestField) : undefined;
}

/** The field errors and the general message (an i18n key) of a failed command. */
export function requestErrorsOf(error: unknown): { fields: RequestErrors; general?: string } {
  if (!(error instanceof ApiError)) return { fields: {}, general: 'erro_rede' };
  const fields: RequestErrors = {};
  let general: string | undefined;
  for (const item of error.errors) {
    const field = fieldOf(item.type);
    const message = item.message || error.message;
    if (field) {
      if (fields[field] === undefined) fields[field] = message;
    } else if (general === undefined) {
      general = message;
    }
  }
  if (error.errors.length === 0) general = error.message;
  return { fields, general };
}

/** The decision comment: a rejection needs one (spec §4). */
export function decisionCommentRule(comment: string, rejecting: boolean): string | null {
  return rejecting && !comment.trim() ? REQUIRED : null;
}
