import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, testQueryClient } from '@/test/render';
import { notificationKeys } from '../api/keys';
import { notificationQueries } from '../api/queries';
import type { AppNotification } from '../api/types';
import { useNotificationPanelStore } from '../store/panel-store';
import { notification } from '../test-data';
import { toastOnce } from './toaster';
import { dropNotifications, followNotificationChanges, loadNotifications, receiveNotification, restoreNotifications, withChanges, withNotification } from './notification-list';

const LIST = 'GET /api/notification-app';

let client: QueryClient;
const list = () => client.getQueryData<AppNotification[]>(notificationKeys.list) ?? [];
const ids = () => list().map((n) => n.id);
const seed = (...items: AppNotification[]) => client.setQueryData(notificationKeys.list, items);

beforeEach(() => {
  client = testQueryClient();
  useSessionStore.getState().login({
    user: { userName: 'ana', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'hash-1', displayName: 'Ana Souza' },
    access_token: 'tok',
  });
});

afterEach(() => {
  client.clear();
  resetAllStores();
});

describe('notification list', () => {
  it('loads with type=1, userHash and tenId, newest first, without dismissed ones', async () => {
    const spy = mockFetch({
      [LIST]: () => json([notification('n1', { displayed: true }), notification('n3', { displayed: true }), notification('n2', { dismissed: true }), notification('n4', { displayed: true })]),
    });
    await client.fetchQuery(notificationQueries.list());
    expect(ids()).toEqual(['n4', 'n3', 'n1']);
    const url = new URL(String(spy.mock.calls[0][0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ tenId: 'tenant-1', userHash: 'hash-1', type: '1' });
    expect((spy.mock.calls[0][1] as RequestInit).headers).toMatchObject({ Authorization: 'Bearer tok' });
  });

  it('fails a failed load', async () => {
    mockFetch({ [LIST]: () => json({ message: 'erro_interno', errors: [] }, 500) });
    await expect(client.fetchQuery(notificationQueries.list())).rejects.toMatchObject({ status: 500 });
    expect(ids()).toEqual([]);
  });

  it('takes pushed notifications once, newest first, and drops dismissed ones', () => {
    let items: AppNotification[] = [];
    items = withNotification(items, notification('n1'));
    items = withNotification(items, notification('n2'));
    items = withNotification(items, notification('n1', { displayed: true }));
    expect(items.map((n) => n.id)).toEqual(['n2', 'n1']);
    expect(items[1].displayed).toBe(true);
    items = withNotification(items, notification('n2', { dismissed: true }));
    expect(items.map((n) => n.id)).toEqual(['n1']);
  });

  it('follows the changes of other tabs', () => {
    const items = withChanges([notification('n2'), notification('n1')], {
      changes: [
        { id: 'n1', displayed: true, dismissed: false },
        { id: 'n2', displayed: false, dismissed: true },
        { id: 'unknown', displayed: true, dismissed: true },
      ],
    });
    expect(items.map((n) => n.id)).toEqual(['n1']);
    expect(items[0].displayed).toBe(true);
  });

  it('writes pushes into a loaded list only, and ignores a push without data', () => {
    expect(receiveNotification(client, notification('n1'))).toMatchObject({ id: 'n1' });
    expect(client.getQueryData(notificationKeys.list)).toBeUndefined(); // its load will bring it
    seed(notification('n1'));
    expect(receiveNotification(client, undefined)).toBeUndefined();
    receiveNotification(client, notification('n2'));
    followNotificationChanges(client, { changes: [{ id: 'n1', displayed: true, dismissed: true }] });
    followNotificationChanges(client, undefined);
    expect(ids()).toEqual(['n2']);
  });

  it('drops dismissed ones at once and puts them back when the server refuses', () => {
    seed(notification('n2'), notification('n1'));
    const before = list();
    dropNotifications(client, ['n1']);
    expect(ids()).toEqual(['n2']);
    restoreNotifications(client, before, ['n1']);
    expect(ids()).toEqual(['n2', 'n1']);
  });

  it('keeps what arrived or was dismissed while a load was in flight', async () => {
    let answer: ((r: Response) => void) | undefined;
    mockFetch({ [LIST]: () => new Promise<Response>((r) => (answer = r)) });
    receiveNotification(client, notification('n9')); // before the load: the load decides
    const loading = loadNotifications();
    await vi.waitFor(() => expect(answer).toBeDefined()); // the GET is on its way
    receiveNotification(client, notification('n5')); // pushed after the read model was read
    followNotificationChanges(client, { changes: [{ id: 'n1', displayed: false, dismissed: true }] });
    answer?.(json([notification('n1'), notification('n2')]));
    expect((await loading).map((n) => n.id)).toEqual(['n5', 'n2']);
  });

  it('marks a toasted notification displayed in the list', async () => {
    const spy = mockFetch({ ['PUT /api/notification-app/displayed']: () => json({ success: true, first: true }) });
    seed(notification('n1'));
    await expect(toastOnce(notification('n1'), client)).resolves.toBe(true);
    expect(list()[0].displayed).toBe(true);
    const [url, init] = spy.mock.calls[0] as [string, RequestInit];
    expect([init.method, new URL(url, 'http://localhost').searchParams.get('id')]).toEqual(['PUT', 'n1']);
    expect(init.headers).toHaveProperty('Idempotency-Key');
  });

  it('toggles the panel and forgets it on logout', () => {
    const panel = useNotificationPanelStore.getState;
    panel().togglePanel();
    expect(panel().panelOpen).toBe(true);
    panel().togglePanel();
    panel().setPanelOpen(true);
    resetAllStores();
    expect(panel().panelOpen).toBe(false);
  });
});
