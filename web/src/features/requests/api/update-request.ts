import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import type { CommandResult, Request } from './types';

/** PUT api/cac-app/request (spec §7: ac4Ukey, userHash, rank) with the whole field set: edits a request no step decided yet. */
export function updateRequest({ ac4Ukey, body }: { ac4Ukey: string; body: Record<string, unknown> }, ctx?: CommandContext): Promise<Request> {
  return api.put<CommandResult>('/api/cac-app/request', { ...body, ac4Ukey }, { idempotencyKey: ctx?.idempotencyKey }).then((r) => r.data);
}
