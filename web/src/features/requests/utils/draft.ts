import type { AbsenceFields, Request, RequestDraft, RequestType } from '../api/types';

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
  };
}

const ABSENCE_KEYS: (keyof AbsenceFields)[] = [
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
  };
}
