import { api } from '@/lib/api';

/** POST notification-app/dismiss-all: empties the panel. */
export function dismissAllNotifications(): Promise<{ success: boolean; dismissed: number }> {
  return api.post('/api/notification-app/dismiss-all', undefined, { userHash: true });
}
