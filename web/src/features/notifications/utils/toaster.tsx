import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { announce } from '@/lib/announce';
import { ApiError } from '@/lib/api';
import { TOAST_AUTO_CLOSE_MS } from '@/lib/config';
import { newIdempotencyKey } from '@/lib/query';
import { registerStoreReset } from '@/lib/store-reset';
import { markNotificationDisplayed } from '../api/mark-notification-displayed';
import type { AppNotification } from '../api/types';
import { NotificationMessage, NotificationTitle } from '../components/NotificationText';
import { markShown } from './notification-list';
import { shouldToast, variantColor, wordingKey } from './toast-rules';

// Ids this tab has toasted or is toasting, so a notification that arrives twice (push and
// list load, or a replayed push) is shown once.
const toasted = new Set<string>();

registerStoreReset(() => toasted.clear());

/**
 * Shows a notification as a toast once (spec portal-core §4). The server decides who shows
 * it: PUT displayed answers first=true to one caller only, so with several tabs open one
 * of them shows it. When the server cannot be reached the toast is shown anyway rather
 * than lost. With the query client, the list marks it displayed. Resolves true when this
 * call showed it.
 */
export async function toastOnce(n: AppNotification, client?: QueryClient): Promise<boolean> {
  if (!shouldToast(n, toasted)) return false;
  toasted.add(n.id);
  let first: boolean;
  try {
    ({ first } = await markNotificationDisplayed(n.id, { idempotencyKey: newIdempotencyKey() }));
    if (client) markShown(client, n.id);
  } catch (err) {
    first = !(err instanceof ApiError) || err.status === 0 || err.status >= 500;
  }
  if (!first) return false;
  const titled = Boolean(wordingKey(n) || n.options.header);
  notifications.show({
    id: `notification-${n.id}`,
    color: variantColor(n.options.variant),
    title: titled ? <NotificationTitle notification={n} /> : undefined,
    message: (
      <span data-testid="notification-toast" data-notification-id={n.id}>
        <NotificationMessage notification={n} />
      </span>
    ),
    autoClose: TOAST_AUTO_CLOSE_MS,
    withCloseButton: true,
  });
  // Read out politely once drawn (an approval arrived, a request answered: issue 37).
  setTimeout(() => {
    if (typeof document === 'undefined') return; // the page went away meanwhile (a test's teardown)
    const toast = document.querySelector(`[data-notification-id="${n.id}"]`)?.closest('.mantine-Notification-root');
    if (toast?.textContent) announce(toast.textContent);
  }, 300);
  return true;
}

/** Toasts the notifications of a list that no tab has shown yet, oldest first. */
export function toastPending(list: readonly AppNotification[], client?: QueryClient): void {
  for (const n of [...list].reverse()) if (!n.displayed) void toastOnce(n, client);
}
