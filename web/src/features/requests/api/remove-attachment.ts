import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';

/** DELETE api/cac-app/anexos?id: removes a file from a request that is still editable. */
export function removeAttachment(id: string, ctx?: CommandContext): Promise<void> {
  return api.delete<void>('/api/cac-app/anexos', { query: { id }, idempotencyKey: ctx?.idempotencyKey });
}
