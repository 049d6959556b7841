import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';

/** DELETE api/cac-app/request with requestId (spec §7). */
export function deleteRequest(requestId: string, ctx?: CommandContext): Promise<void> {
  return api.delete<void>('/api/cac-app/request', { query: { requestId }, idempotencyKey: ctx?.idempotencyKey });
}
