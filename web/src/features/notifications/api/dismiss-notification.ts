import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';

/** POST notification-app/dismiss?id: removes one notification from the panel. */
export function dismissNotification(id: string, ctx?: CommandContext): Promise<{ success: boolean }> {
  return api.post('/api/notification-app/dismiss', undefined, { userHash: true, query: { id }, idempotencyKey: ctx?.idempotencyKey });
}
