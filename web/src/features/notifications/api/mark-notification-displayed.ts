import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';

/**
 * PUT notification-app/displayed?id: records that the notification was shown as a toast.
 * `first` is true only for the call that recorded it, so a notification is toasted once
 * even with several tabs open.
 */
export function markNotificationDisplayed(id: string, ctx?: CommandContext): Promise<{ success: boolean; first: boolean }> {
  return api.put('/api/notification-app/displayed', undefined, { userHash: true, query: { id }, idempotencyKey: ctx?.idempotencyKey });
}
