import { api } from '@/lib/api';
import type { AppNotification } from './types';

/** GET notification-app?type=1: the user's notifications not dismissed, newest first. */
export function getNotifications(signal?: AbortSignal): Promise<AppNotification[]> {
  return api
    .get<AppNotification[] | null>('/api/notification-app', { userHash: true, query: { type: 1 }, signal })
    .then((list) => list ?? []);
}
