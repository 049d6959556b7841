import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch } from '@/test/render';
import { page, request } from '../test-data';
import { PAGE_SIZE, useRequestListStore } from './request-list-store';

const LIST = 'GET /api/cac-app/request';
const store = () => useRequestListStore.getState();
const query = (spy: ReturnType<typeof mockFetch>, call = 0) =>
  Object.fromEntries(new URL(String(spy.mock.calls[call][0]), 'http://localhost').searchParams);

beforeEach(() => {
  useSessionStore.getState().login({
    user: { userName: 'ana', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'hash-ana', displayName: 'Ana Souza' },
    access_token: 'tok',
  });
});
afterEach(() => resetAllStores());

describe('request list store', () => {
  it('starts each screen on its default folder: all for mine, waiting for the queues', () => {
    expect(store().lists.request.scope).toEqual({ kind: 'folder', id: 'all' });
    expect(store().lists.approver.scope).toEqual({ kind: 'folder', id: 'waiting' });
    expect(store().lists.delivery.scope).toEqual({ kind: 'folder', id: 'waiting' });
  });

  it('asks the server for the folder, filter or label, with source, tenant and pages of 8', async () => {
    const spy = mockFetch({ [LIST]: () => json(page([request('r1', { labels: ['ti'] })])) });
    await store().show('approver', { kind: 'folder', id: 'waiting' });
    expect(query(spy)).toEqual({ tenId: 'tenant-1', source: 'approver', filterHandle: 'waiting', page: '1', pageSize: String(PAGE_SIZE) });
    expect(PAGE_SIZE).toBe(8);
    expect(store().lists.approver.data?.data.map((r) => r.ac4Ukey)).toEqual(['r1']);
    expect(store().labels).toEqual(['ti']);

    await store().show('request', { kind: 'filter', id: 'rejected' });
    expect(query(spy, 1)).toMatchObject({ source: 'request', filterHandle: 'rejected' });
    await store().show('request', { kind: 'label', id: 'ti' });
    expect(query(spy, 2)).toMatchObject({ source: 'request', filterHandle: 'all', labelId: 'ti' });
    await store().setPage('request', 3);
    expect(query(spy, 3)).toMatchObject({ labelId: 'ti', page: '3' });
  });

  it('showing the scope already shown does not ask again; a new scope starts at page 1', async () => {
    const spy = mockFetch({ [LIST]: () => json(page([])) });
    await store().show('request', { kind: 'folder', id: 'all' });
    await store().show('request', { kind: 'folder', id: 'all' });
    expect(spy).toHaveBeenCalledTimes(1);
    await store().setPage('request', 2);
    await store().show('request', { kind: 'folder', id: 'waiting' });
    expect(query(spy, 2)).toMatchObject({ filterHandle: 'waiting', page: '1' });
  });

  it('lists a team member’s requests with their key while acting for them', async () => {
    const spy = mockFetch({ [LIST]: () => json(page([])) });
    await store().setActingFor({ m01Ukey: 'm01-ana', name: 'Ana Souza' });
    expect(query(spy)).toMatchObject({ source: 'request', m01Ukey: 'm01-ana' });
    await store().setActingFor(null);
    expect(query(spy, 1).m01Ukey).toBeUndefined();
  });

  it('keeps the newest answer when an older load answers late', async () => {
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    let n = 0;
    mockFetch({
      [LIST]: async () => {
        n += 1;
        if (n === 1) {
          await slow;
          return json(page([request('old')]));
        }
        return json(page([request('new')]));
      },
    });
    const first = store().load('approver');
    await store().load('approver');
    release();
    await first;
    expect(store().lists.approver.data?.data.map((r) => r.ac4Ukey)).toEqual(['new']);
  });

  it('marks a failed load and keeps what it showed', async () => {
    mockFetch({ [LIST]: () => json(page([request('r1')])) });
    await store().load('request');
    vi.stubGlobal('fetch', vi.fn(async () => json({ message: 'erro_interno', errors: [] }, 500)));
    await store().load('request');
    expect(store().lists.request.status).toBe('failed');
    expect(store().lists.request.data?.data).toHaveLength(1);
  });
});
