import { api } from '@/lib/api';
import type { CommandResult, Request } from './types';

export type Decision = 'approve' | 'reject' | 'undo';

/**
 * Approve, reject or undo a step (docs/api.md; the spec leaves the paths unnamed). `step` is
 * the index the approver saw: a step decided meanwhile answers 409 solicitacao_ja_decidida.
 */
export function decideRequest(decision: Decision, requestId: string, step: number, comentario = ''): Promise<Request> {
  return api
    .post<CommandResult>(`/api/cac-app/request/${decision}`, { requestId, step, comentario: comentario || undefined })
    .then((r) => r.data);
}
