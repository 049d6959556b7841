import { useQuery } from '@tanstack/react-query';
import { notificationQueries } from '../api/queries';

/**
 * Keeps the session's notifications loaded while the signed-in chrome shows, even with the
 * toolbar (and its bell) hidden: the load toasts what no tab has shown, the pushes keep the
 * list live (app/live-queries.ts). Renders nothing, and does not re-render on changes.
 */
export function NotificationFeed() {
  useQuery({ ...notificationQueries.list(), notifyOnChangeProps: [] });
  return null;
}
