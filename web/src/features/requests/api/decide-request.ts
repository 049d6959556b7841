import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import type { CommandResult, Request } from './types';

export type Decision = 'approve' | 'reject' | 'undo';

export interface RequestDecision {
  decision: Decision;
  requestId: string;
  /** The index of the step the approver saw. */
  step: number;
  comentario?: string;
}

/**
 * Approve, reject or undo a step (docs/api.md; the spec leaves the paths unnamed). `step` is
 * the index the approver saw: a step decided meanwhile answers 409 solicitacao_ja_decidida.
 */
export function decideRequest({ decision, requestId, step, comentario = '' }: RequestDecision, ctx?: CommandContext): Promise<Request> {
  return api
    .post<CommandResult>(
      `/api/cac-app/request/${decision}`,
      { requestId, step, comentario: comentario || undefined },
      { idempotencyKey: ctx?.idempotencyKey },
    )
    .then((r) => r.data);
}
