import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import type { AppNotification, NewNotification } from './types';

/**
 * POST notification-app: a notification for the signed-in user, or (HR admins and
 * managers) for the user of the same tenant named by toUserHash.
 */
export function createNotification(body: NewNotification, ctx?: CommandContext): Promise<{ success: boolean; data: AppNotification }> {
  return api.post('/api/notification-app', body, { userHash: true, idempotencyKey: ctx?.idempotencyKey });
}
