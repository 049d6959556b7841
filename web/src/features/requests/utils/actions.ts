// Which buttons the readonly request dialog offers to whom (spec §4; docs/api.md "Commands").
// The server decides every command again; these only keep buttons that cannot work out of
// sight. Undo stays offered to whoever decided a step even after HR ruled, so the requester
// of the undo reads the spec's 'request already reviewed by HR' (§8) rather than nothing.
import type { ApproverStep, Request, RequestSource } from '../api/types';

export interface RequestActions {
  send: boolean;
  edit: boolean;
  remove: boolean;
  attach: boolean;
  approve: boolean;
  undo: { step: number } | null;
  lock: boolean;
  unlock: boolean;
  confirmReceipt: boolean;
  deliver: boolean;
  approvers: boolean;
  deliveryHistory: boolean;
}

const decided = (s: ApproverStep) => s.state === 'approved' || s.state === 'rejected';

export function requestActions(source: RequestSource, r: Request, steps: ApproverStep[], me: string | undefined): RequestActions {
  const mine = Boolean(me) && (r.subject?.userHash === me || r.createdBy?.userHash === me);
  const anyDecided = steps.some(decided);
  const open = r.status === 'waiting';
  const latestDecided = steps.filter(decided).sort((a, b) => b.index - a.index)[0];
  const decidedByMe = steps.some((s) => decided(s) && s.decidedBy?.userHash === me);
  return {
    send: source === 'request' && mine && r.status === 'draft',
    edit: source === 'request' && mine && (r.status === 'draft' || (open && !anyDecided)) && !r.locked,
    remove: source === 'request' && mine && (r.status === 'draft' || (open && !anyDecided)) && !r.locked,
    attach: source === 'request' && mine && r.status === 'draft',
    approve: source === 'approver' && open && r.currentStep !== null && !r.locked,
    undo: source === 'approver' && decidedByMe && latestDecided ? { step: latestDecided.index } : null,
    lock: source === 'approver' && open && !r.locked,
    unlock: source === 'approver' && open && r.locked,
    confirmReceipt:
      source !== 'delivery' && (r.deliveryStatus === 'delivered' || r.deliveryStatus === 'partially_delivered'),
    deliver: source === 'delivery' && r.deliveryStatus !== null && r.deliveryStatus !== 'confirmed' && r.deliveryStatus !== 'cancelled',
    approvers: r.status !== 'draft',
    deliveryHistory: r.deliveryStatus !== null,
  };
}
