import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import type { CommandResult, Request } from './types';

/** POST request/lock or /unlock (spec §4: blocks can be locked and unlocked). */
export function lockRequest({ requestId, lock }: { requestId: string; lock: boolean }, ctx?: CommandContext): Promise<Request> {
  return api
    .post<CommandResult>(`/api/cac-app/request/${lock ? 'lock' : 'unlock'}`, { requestId }, { idempotencyKey: ctx?.idempotencyKey })
    .then((r) => r.data);
}
