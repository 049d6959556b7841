// Test data of the requests feature (tests only).
import type { ApproverStep, Person, Request, RequestPage, RequestPermissions, RequestType, RequestWithActions } from './api/types';

export const ANA: Person = { userHash: 'hash-ana', m01Ukey: 'm01-ana', nome: 'Ana Souza' };
export const MARCOS: Person = { userHash: 'hash-marcos', m01Ukey: 'm01-marcos', nome: 'Marcos Lima' };
export const HELENA: Person = { userHash: 'hash-helena', m01Ukey: 'm01-helena', nome: 'Helena RH' };

export const TYPES: RequestType[] = [
  { origem: 1, tipo: 'folha', descricao: 'request_type_folha', entrega: false, ausencia: true },
  { origem: 2, tipo: 'relatorio', descricao: 'request_type_relatorio', entrega: false, ausencia: false },
  { origem: 5, tipo: 'epi', descricao: 'request_type_epi', entrega: true, ausencia: false },
];

/** What the server allows: nothing unless named. */
export function can(extra: Partial<RequestPermissions> = {}): RequestPermissions {
  return {
    editar: false,
    remover: false,
    enviar: false,
    aprovar: false,
    reprovar: false,
    desfazer: false,
    bloquear: false,
    desbloquear: false,
    entregar: [],
    confirmarRecebimento: false,
    ...extra,
  };
}

export function request(id: string, extra: Partial<RequestWithActions> = {}): RequestWithActions {
  return {
    ac4Ukey: id,
    id,
    rank: 0,
    origem: 2,
    tipo: 'relatorio',
    titulo: `Solicitação ${id}`,
    motivo: 'Motivo',
    comentario: 'Comentário',
    prioridade: 2,
    dataReferencia: '2026-11-20',
    dataEntrega: null,
    dataInicio: null,
    dataFim: null,
    itens: [],
    ausencia: null,
    labels: [],
    subject: ANA,
    createdBy: ANA,
    status: 'waiting',
    approvalStatus: 'waiting_manager',
    currentStep: { index: 0, kind: 'manager', label: 'manager', approver: MARCOS, lockedTo: null, lockedToAbsent: false },
    locked: false,
    deliveryStatus: null,
    anexos: [],
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T10:00:00Z',
    sentAt: '2026-11-20T10:00:00Z',
    version: 2,
    acoes: can(),
    ...extra,
  };
}

export function page(data: Request[], extra: Partial<RequestPage> = {}): RequestPage {
  return { data, currentPage: 1, pageSize: 8, totalPages: 1, totalCount: data.length, hasNext: false, ...extra };
}

export function chain(...states: ApproverStep['state'][]): ApproverStep[] {
  const kinds: ApproverStep['kind'][] = ['manager', 'hr', 'phase'];
  return states.map((state, index) => ({
    index,
    kind: kinds[index] ?? 'phase',
    label: kinds[index] ?? 'phase',
    state,
    approver: index === 0 ? MARCOS : null,
    lockedTo: null,
    lockedToAbsent: false,
    decidedBy: state === 'approved' || state === 'rejected' ? (index === 0 ? MARCOS : HELENA) : null,
    onBehalfOf: null,
    decidedAt: state === 'approved' || state === 'rejected' ? '2026-11-20T11:00:00Z' : null,
    comentario: '',
  }));
}
