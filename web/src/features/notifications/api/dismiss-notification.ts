import { api } from '@/lib/api';

/** POST notification-app/dismiss?id: removes one notification from the panel. */
export function dismissNotification(id: string): Promise<{ success: boolean }> {
  return api.post('/api/notification-app/dismiss', undefined, { userHash: true, query: { id } });
}
