import { api } from '@/lib/api';
import type { CommandResult, Request } from './types';

/** POST request/send: a draft goes to its first approver (spec §4, "sent to the approver as a notice"). */
export function sendRequest(requestId: string): Promise<Request> {
  return api.post<CommandResult>('/api/cac-app/request/send', undefined, { query: { requestId } }).then((r) => r.data);
}
