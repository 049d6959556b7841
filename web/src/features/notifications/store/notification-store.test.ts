import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch } from '@/test/render';
import { notification } from '../test-data';
import { selectNotificationCount, useNotificationStore } from './notification-store';

const LIST = 'GET /api/notification-app';
const DISMISS = 'POST /api/notification-app/dismiss';
const DISMISS_ALL = 'POST /api/notification-app/dismiss-all';
const DISPLAYED = 'PUT /api/notification-app/displayed';

const store = () => useNotificationStore.getState();
const ids = () => store().items.map((n) => n.id);
const count = () => selectNotificationCount(store());

beforeEach(() => {
  useSessionStore.getState().login({
    user: { userName: 'ana', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'hash-1', displayName: 'Ana Souza' },
    access_token: 'tok',
  });
});

afterEach(() => {
  resetAllStores();
});

describe('notification store', () => {
  it('loads the list with type=1, userHash and tenId, newest first, without dismissed ones', async () => {
    const spy = mockFetch({
      [LIST]: () =>
        json([notification('n1'), notification('n3'), notification('n2', { dismissed: true }), notification('n4')]),
    });
    await store().load();
    expect(ids()).toEqual(['n4', 'n3', 'n1']);
    expect(count()).toBe(3);
    expect(store().status).toBe('ready');
    const url = new URL(String(spy.mock.calls[0][0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ tenId: 'tenant-1', userHash: 'hash-1', type: '1' });
    expect((spy.mock.calls[0][1] as RequestInit).headers).toMatchObject({ Authorization: 'Bearer tok' });
  });

  it('marks a failed load', async () => {
    mockFetch({ [LIST]: () => json({ message: 'erro_interno', errors: [] }, 500) });
    await store().load();
    expect(store().status).toBe('failed');
    expect(count()).toBe(0);
  });

  it('receives pushed notifications once, newest first, and drops dismissed ones', () => {
    expect(store().receive(notification('n1'))).toBe(true);
    expect(store().receive(notification('n2'))).toBe(true);
    expect(store().receive(notification('n1', { displayed: true }))).toBe(false);
    expect(ids()).toEqual(['n2', 'n1']);
    expect(store().items[1].displayed).toBe(true);
    expect(store().receive(notification('n2', { dismissed: true }))).toBe(false);
    expect(ids()).toEqual(['n1']);
  });

  it('follows the changes of other tabs', () => {
    store().receive(notification('n1'));
    store().receive(notification('n2'));
    store().applyChanges({
      changes: [
        { id: 'n1', displayed: true, dismissed: false },
        { id: 'n2', displayed: false, dismissed: true },
        { id: 'unknown', displayed: true, dismissed: true },
      ],
    });
    expect(ids()).toEqual(['n1']);
    expect(store().items[0].displayed).toBe(true);
  });

  it('dismisses one at once and tells the server', async () => {
    const spy = mockFetch({ [DISMISS]: () => json({ success: true }) });
    store().receive(notification('n1'));
    store().receive(notification('n2'));
    const done = store().dismiss('n1');
    expect(ids()).toEqual(['n2']);
    expect(count()).toBe(1);
    await done;
    const url = new URL(String(spy.mock.calls[0][0]), 'http://localhost');
    expect(url.pathname).toBe('/api/notification-app/dismiss');
    expect(url.searchParams.get('id')).toBe('n1');
    expect(url.searchParams.get('userHash')).toBe('hash-1');
    expect(store().actionFailed).toBe(false);
  });

  it('reloads the list when a dismissal fails', async () => {
    mockFetch({
      [DISMISS]: () => json({ message: 'erro_interno', errors: [] }, 500),
      [LIST]: () => json([notification('n1'), notification('n2')]),
    });
    store().receive(notification('n1'));
    store().receive(notification('n2'));
    await store().dismiss('n1');
    expect(store().actionFailed).toBe(true);
    expect(ids()).toEqual(['n2', 'n1']);
  });

  it('dismisses all', async () => {
    const spy = mockFetch({ [DISMISS_ALL]: () => json({ success: true, dismissed: 2 }) });
    store().receive(notification('n1'));
    store().receive(notification('n2'));
    await store().dismissAll();
    expect(count()).toBe(0);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(new URL(String(spy.mock.calls[0][0]), 'http://localhost').pathname).toBe('/api/notification-app/dismiss-all');
  });

  it('keeps what arrived or was dismissed while a load was in flight', async () => {
    let answer: ((r: Response) => void) | undefined;
    mockFetch({ [LIST]: () => new Promise<Response>((r) => (answer = r)) });
    store().receive(notification('n1'));
    const loading = store().load();
    await vi.waitFor(() => expect(answer).toBeDefined()); // the GET is on its way
    store().receive(notification('n5')); // pushed after the read model was read
    store().applyChanges({ changes: [{ id: 'n1', displayed: false, dismissed: true }] });
    answer?.(json([notification('n1'), notification('n2')]));
    await loading;
    expect(ids()).toEqual(['n5', 'n2']);
  });

  it('records a display and says whether it was the first', async () => {
    const spy = mockFetch({ [DISPLAYED]: () => json({ success: true, first: true }) });
    store().receive(notification('n1'));
    await expect(store().markDisplayed('n1')).resolves.toBe(true);
    expect(store().items[0].displayed).toBe(true);
    const url = new URL(String(spy.mock.calls[0][0]), 'http://localhost');
    expect([(spy.mock.calls[0][1] as RequestInit).method, url.searchParams.get('id')]).toEqual(['PUT', 'n1']);
  });

  it('toggles the panel and forgets everything on logout', () => {
    store().receive(notification('n1'));
    store().togglePanel();
    expect(store().panelOpen).toBe(true);
    store().togglePanel();
    store().setPanelOpen(true);
    resetAllStores();
    expect(store().panelOpen).toBe(false);
    expect(count()).toBe(0);
  });
});
