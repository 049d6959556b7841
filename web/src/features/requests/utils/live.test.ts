import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deliverLive, stopLiveStream } from '@/lib/live-stream';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch } from '@/test/render';
import { useOpenRequestStore } from '../store/open-request-store';
import { useRequestCountsStore } from '../store/request-counts-store';
import { useRequestListStore } from '../store/request-list-store';
import { chain, page, request } from '../test-data';
import { startRequestSync } from './live';


const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  useSessionStore.getState().login({
    user: { userName: 'marcos', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'hash-marcos', displayName: 'Marcos Lima' },
    access_token: 'tok',
  });
});
afterEach(() => {
  stopLiveStream();
  resetAllStores();
});

describe('request live sync', () => {
  it('a request reaching the approver updates the badge and the queue on screen at once', async () => {
    let queue = [request('r1')];
    let counts = { waiting: 0, approver: 1, delivery: 0 };
    const spy = mockFetch({
      'GET /api/cac-app/request': () => json(page(queue)),
      'GET /api/cac-app/request/count': () => json(counts),
    });
    const stop = startRequestSync();
    await useRequestListStore.getState().show('request', { kind: 'folder', id: 'all' });
    await useRequestListStore.getState().show('approver', { kind: 'folder', id: 'waiting' });
    useRequestListStore.getState().setOnScreen('approver');
    const listCalls = () => spy.mock.calls.filter(([u]) => new URL(String(u), 'http://x').pathname === '/api/cac-app/request').length;
    expect(listCalls()).toBe(2);
    await flush();
    expect(useRequestCountsStore.getState().approver).toBe(1);

    queue = [request('r2'), request('r1')];
    counts = { waiting: 0, approver: 2, delivery: 0 };
    deliverLive('request.changed', { ac4Ukey: 'r2', eventType: 'request.sent.v1', status: 'waiting', version: 2 });
    await flush();
    await flush();
    expect(useRequestCountsStore.getState().approver).toBe(2);
    expect(useRequestListStore.getState().lists.approver.data?.data.map((r) => r.ac4Ukey)).toEqual(['r2', 'r1']);
    // Only the list on screen reloads; the other waits until it shows again.
    expect(listCalls()).toBe(3);
    expect(useRequestListStore.getState().lists.request.stale).toBe(true);
    expect(useRequestListStore.getState().lists.delivery.status).toBe('idle');
    await useRequestListStore.getState().show('request', { kind: 'folder', id: 'all' });
    expect(listCalls()).toBe(4);
    expect(useRequestListStore.getState().lists.request.stale).toBe(false);
    stop();
  });

  it('a decision on the open request reloads it, its chain and its timeline', async () => {
    let current = request('r1');
    const spy = mockFetch({
      'GET /api/cac-app/request/count': () => json({ waiting: 1, approver: 0, delivery: 0 }),
      'GET /api/cac-app/request/by-id': () => json(current),
      'GET /api/cac-app/requestApprover': () => json(chain(current.approvalStatus === 'waiting_hr' ? 'approved' : 'waiting', 'pending')),
      'GET /api/cac-app/request/timeline': () => json([]),
    });
    const stop = startRequestSync();
    await useOpenRequestStore.getState().open('r1');
    expect(useOpenRequestStore.getState().request?.approvalStatus).toBe('waiting_manager');

    current = request('r1', { approvalStatus: 'waiting_hr', version: 3 });
    deliverLive('request.changed', { ac4Ukey: 'other', version: 1 });
    await flush();
    expect(useOpenRequestStore.getState().request?.version).toBe(2);
    deliverLive('request.changed', { ac4Ukey: 'r1', eventType: 'request.step_approved.v1', version: 3 });
    await flush();
    await flush();
    expect(useOpenRequestStore.getState().request?.approvalStatus).toBe('waiting_hr');
    expect(useOpenRequestStore.getState().approvers[0].state).toBe('approved');
    expect(spy.mock.calls.some(([u]) => String(u).includes('/api/cac-app/request/timeline'))).toBe(true);
    stop();
  });
});
