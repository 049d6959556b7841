import { afterEach, describe, expect, it } from 'vitest';
import { resetAllStores } from '@/lib/store-reset';
import { request } from '../test-data';
import { pageOf, useRequestListStore } from './request-list-store';

const store = () => useRequestListStore.getState();
const ALL = { kind: 'folder', id: 'all' } as const;
const WAITING = { kind: 'folder', id: 'waiting' } as const;

afterEach(() => resetAllStores());

describe('request list store (client state only)', () => {
  it('keeps the page chosen per screen and scope; another scope starts at page 1', () => {
    expect(pageOf(store(), 'request', ALL)).toBe(1);
    store().setPage('request', ALL, 3);
    store().setPage('approver', WAITING, 2);
    expect(pageOf(store(), 'request', ALL)).toBe(3);
    expect(pageOf(store(), 'approver', WAITING)).toBe(2);
    expect(pageOf(store(), 'request', WAITING)).toBe(1);
    expect(pageOf(store(), 'request', { kind: 'label', id: 'all' })).toBe(1);
    store().setPage('request', ALL, 0);
    expect(pageOf(store(), 'request', ALL)).toBe(1);
  });

  it('acting for a team member starts the requester’s list again at page 1', () => {
    store().setPage('request', ALL, 4);
    store().setPage('approver', WAITING, 2);
    store().setActingFor({ m01Ukey: 'm01-ana', name: 'Ana Souza' });
    expect(store().actingFor).toEqual({ m01Ukey: 'm01-ana', name: 'Ana Souza' });
    expect(pageOf(store(), 'request', ALL)).toBe(1);
    expect(pageOf(store(), 'approver', WAITING)).toBe(2);
    store().setActingFor(null);
    expect(store().actingFor).toBeNull();
  });

  it('gathers the labels seen on listed requests, sorted, each once; logout forgets them', () => {
    store().noteLabels([request('r1', { labels: ['ti', 'compras'] }), request('r2', { labels: [] })]);
    store().noteLabels([request('r3', { labels: ['ti', 'apoio'] })]);
    expect(store().labels).toEqual(['apoio', 'compras', 'ti']);
    resetAllStores();
    expect(store().labels).toEqual([]);
    expect(store().actingFor).toBeNull();
  });
});
