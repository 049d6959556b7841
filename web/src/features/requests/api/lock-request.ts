import { api } from '@/lib/api';
import type { CommandResult, Request } from './types';

/** POST request/lock or /unlock (spec §4: blocks can be locked and unlocked). */
export function lockRequest(requestId: string, lock: boolean): Promise<Request> {
  return api.post<CommandResult>(`/api/cac-app/request/${lock ? 'lock' : 'unlock'}`, { requestId }).then((r) => r.data);
}
