// The panel's list (spec portal-core §2, §4): loaded from the server, then kept up to date by
// the pushes (app/live-queries.ts writes them into the query cache). A load's answer may
// predate what was pushed while it was in flight; what arrived or was dismissed since it
// started is applied to it.
import type { QueryClient } from '@tanstack/react-query';
import { registerStoreReset } from '@/lib/store-reset';
import { getNotifications } from '../api/get-notifications';
import { notificationKeys } from '../api/keys';
import type { AppNotification, NotificationChanges } from '../api/types';

/** Newest first; equal times keep their order. */
export function sorted(items: AppNotification[]): AppNotification[] {
  return [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** The list with a pushed notification in (replacing the one of the same id); a dismissed one out. */
export function withNotification(list: AppNotification[], n: AppNotification): AppNotification[] {
  const others = list.filter((i) => i.id !== n.id);
  return n.dismissed ? others : sorted([n, ...others]);
}

/** The list after another tab displayed or dismissed some of it. */
export function withChanges(list: AppNotification[], { changes }: NotificationChanges): AppNotification[] {
  const byId = new Map(changes.map((c) => [c.id, c]));
  return list
    .map((i) => {
      const c = byId.get(i.id);
      return c ? { ...i, displayed: i.displayed || c.displayed, dismissed: i.dismissed || c.dismissed } : i;
    })
    .filter((i) => !i.dismissed);
}

/** The list without the given ids (dismissed here). */
export function without(list: AppNotification[], ids: readonly string[]): AppNotification[] {
  return list.filter((i) => !ids.includes(i.id));
}

// What happened since the last load started.
let arrived = new Map<string, AppNotification>();
let dismissed = new Set<string>();

registerStoreReset(() => {
  arrived = new Map();
  dismissed = new Set();
});

/** Loads the list (GET notification-app), keeping what was pushed or dismissed meanwhile. */
export async function loadNotifications(signal?: AbortSignal): Promise<AppNotification[]> {
  arrived = new Map();
  dismissed = new Set();
  const pushed = arrived;
  const gone = dismissed;
  const list = await getNotifications(signal);
  const byId = new Map(list.map((n) => [n.id, n]));
  for (const [id, n] of pushed) if (!byId.has(id)) byId.set(id, n);
  for (const id of gone) byId.delete(id);
  return sorted([...byId.values()].filter((n) => !n.dismissed));
}

function isNotification(data: unknown): data is AppNotification {
  const n = data as AppNotification | null;
  return Boolean(n) && typeof n?.id === 'string' && typeof n.message === 'string' && typeof n.options === 'object';
}

function isChanges(data: unknown): data is NotificationChanges {
  return Boolean(data) && Array.isArray((data as NotificationChanges).changes);
}

/** Changes the loaded list; a list not loaded yet is left to its load. */
function update(client: QueryClient, change: (list: AppNotification[]) => AppNotification[]) {
  client.setQueryData<AppNotification[]>(notificationKeys.list, (old) => old && change(old));
}

/**
 * Takes a `notification` push into the list; answers the notification (to toast), or
 * undefined when the data is none (a lost gap: resync reloads).
 */
export function receiveNotification(client: QueryClient, data: unknown): AppNotification | undefined {
  if (!isNotification(data)) return undefined;
  const n = data;
  arrived.set(n.id, n);
  update(client, (list) => withNotification(list, n));
  return n;
}

/** Takes a `notification.changed` push: the user's other tabs displayed or dismissed some. */
export function followNotificationChanges(client: QueryClient, data: unknown): void {
  if (!isChanges(data)) return;
  for (const c of data.changes) {
    if (c.dismissed) dismissed.add(c.id);
    const pending = arrived.get(c.id);
    if (pending) arrived.set(c.id, { ...pending, ...c });
  }
  update(client, (list) => withChanges(list, data));
}

/** Dismissed here: out of the list at once (and out of a load in flight). */
export function dropNotifications(client: QueryClient, ids: readonly string[]): void {
  for (const id of ids) dismissed.add(id);
  update(client, (list) => without(list, ids));
}

/** A dismissal the server refused: the list as it was before it. */
export function restoreNotifications(client: QueryClient, previous: AppNotification[] | undefined, ids: readonly string[]): void {
  for (const id of ids) dismissed.delete(id);
  if (previous) client.setQueryData(notificationKeys.list, previous);
}

/** Marks a notification displayed in the list (this tab toasted it). */
export function markShown(client: QueryClient, id: string): void {
  update(client, (list) => list.map((i) => (i.id === id ? { ...i, displayed: true } : i)));
}
