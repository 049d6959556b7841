import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';

/** POST notification-app/dismiss-all: empties the panel. */
export function dismissAllNotifications(_: void, ctx?: CommandContext): Promise<{ success: boolean; dismissed: number }> {
  return api.post('/api/notification-app/dismiss-all', undefined, { userHash: true, idempotencyKey: ctx?.idempotencyKey });
}
