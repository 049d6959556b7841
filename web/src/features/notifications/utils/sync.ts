import { onLiveEvent } from '@/lib/live-stream';
import type { AppNotification, NotificationChanges } from '../api/types';
import { useNotificationStore } from '../store/notification-store';
import { toastOnce } from './toaster';

/** Push topics of the notifications (docs/api.md "Live push"). */
export const NOTIFICATION_TOPICS = {
  created: 'notification',
  changed: 'notification.changed',
  /** Sent by the server when it cannot resume a stream: reload what is shown. */
  resync: 'resync',
} as const;

function isNotification(data: unknown): data is AppNotification {
  const n = data as AppNotification | null;
  return Boolean(n) && typeof n?.id === 'string' && typeof n.message === 'string' && typeof n.options === 'object';
}

function isChanges(data: unknown): data is NotificationChanges {
  return Boolean(data) && Array.isArray((data as NotificationChanges).changes);
}

/** Toasts the notifications of the list that no tab has shown yet, oldest first. */
function toastPending() {
  const pending = useNotificationStore
    .getState()
    .items.filter((n) => !n.displayed)
    .reverse();
  for (const n of pending) void toastOnce(n);
}

/**
 * Keeps the notifications of the signed-in session live (spec portal-core §4: they arrive
 * through the push connection and appear once each as toasts): loads the list, then takes
 * the "notification" pushes into the panel and toasts them, and follows
 * "notification.changed" from the user's other tabs. Returns the function that stops it.
 * Call it once per session, after the live stream is started.
 */
export function startNotificationSync(): () => void {
  const store = useNotificationStore.getState;
  const offs = [
    onLiveEvent(NOTIFICATION_TOPICS.created, (data) => {
      if (!isNotification(data)) return;
      store().receive(data);
      void toastOnce(data);
    }),
    onLiveEvent(NOTIFICATION_TOPICS.changed, (data) => {
      if (isChanges(data)) store().applyChanges(data);
    }),
    onLiveEvent(NOTIFICATION_TOPICS.resync, () => {
      void store().load().then(toastPending);
    }),
  ];
  void store().load().then(toastPending);
  return () => {
    for (const off of offs) off();
  };
}
