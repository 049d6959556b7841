// Which buttons the readonly request dialog offers (spec §4; docs/api.md by-id "acoes"). The
// server runs each command's own rule as a dry run for the caller and answers what may be done
// now; each screen shows the part that belongs to it: the requester's (send, edit, remove,
// attach, confirm receipt), the approver's (approve, reject, undo, lock, unlock) and the
// delivery queue's (delivery statuses). A stale view (someone else acted meanwhile) may still
// offer a button; the command's refusal is then shown with the spec's message (§8).
import type { ApproverStep, DeliveryStatus, RequestSource, RequestWithActions } from '../api/types';

export interface RequestActions {
  send: boolean;
  edit: boolean;
  remove: boolean;
  attach: boolean;
  approve: boolean;
  reject: boolean;
  /** The step to undo: the latest decided one. */
  undo: { step: number } | null;
  lock: boolean;
  unlock: boolean;
  confirmReceipt: boolean;
  deliver: DeliveryStatus[];
  approvers: boolean;
  deliveryHistory: boolean;
}

const decided = (s: ApproverStep) => s.state === 'approved' || s.state === 'rejected';

/**
 * isRequester is the server's isrequester answer (undefined while unknown): the requester's
 * own actions (send, edit, remove, attach) show only when it is true.
 */
export function requestActions(source: RequestSource, r: RequestWithActions, steps: ApproverStep[], isRequester?: boolean): RequestActions {
  const can = r.acoes;
  const requester = source === 'request' && isRequester === true;
  const approver = source === 'approver';
  const latestDecided = steps.filter(decided).sort((a, b) => b.index - a.index)[0];
  return {
    send: requester && Boolean(can?.enviar),
    edit: requester && Boolean(can?.editar),
    remove: requester && Boolean(can?.remover),
    attach: requester && Boolean(can?.editar),
    approve: approver && Boolean(can?.aprovar) && r.currentStep !== null,
    reject: approver && Boolean(can?.reprovar) && r.currentStep !== null,
    undo: approver && can?.desfazer && latestDecided ? { step: latestDecided.index } : null,
    lock: approver && Boolean(can?.bloquear),
    unlock: approver && Boolean(can?.desbloquear),
    confirmReceipt: source !== 'delivery' && Boolean(can?.confirmarRecebimento),
    deliver: source === 'delivery' ? (can?.entregar ?? []) : [],
    approvers: r.status !== 'draft',
    deliveryHistory: r.deliveryStatus !== null,
  };
}
