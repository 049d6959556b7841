import { api } from '@/lib/api';
import type { CommandResult, Request } from './types';

/** PUT api/cac-app/request (spec §7: ac4Ukey, userHash, rank) with the whole field set: edits a request no step decided yet. */
export function updateRequest(ac4Ukey: string, body: Record<string, unknown>): Promise<Request> {
  return api.put<CommandResult>('/api/cac-app/request', { ...body, ac4Ukey }).then((r) => r.data);
}
