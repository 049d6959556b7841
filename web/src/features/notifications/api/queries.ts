// The notifications' reads as TanStack Query options. The list is loaded once per session
// (and again on resync: a lost gap); the pushes write into it (app/live-queries.ts).
import { queryOptions } from '@tanstack/react-query';
import { loadNotifications } from '../utils/notification-list';
import { toastPending } from '../utils/toaster';
import { notificationKeys } from './keys';

export const notificationQueries = {
  /**
   * The panel's list, newest first. Each load toasts what no tab has shown yet (at the
   * session's start, and after a gap the push could not cover).
   */
  list: () =>
    queryOptions({
      queryKey: notificationKeys.list,
      queryFn: async ({ signal, client }) => {
        const list = await loadNotifications(signal);
        toastPending(list, client);
        return list;
      },
    }),
};
