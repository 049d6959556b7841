import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import type { CommandResult, Request } from './types';

/** POST request/send: a draft goes to its first approver (spec §4, "sent to the approver as a notice"). */
export function sendRequest(requestId: string, ctx?: CommandContext): Promise<Request> {
  return api
    .post<CommandResult>('/api/cac-app/request/send', undefined, { query: { requestId }, idempotencyKey: ctx?.idempotencyKey })
    .then((r) => r.data);
}
