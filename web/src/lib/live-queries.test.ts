import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLiveQueries, receivePublication, receiveSubscribed, stopLiveStream } from './live-stream';

let n = 0;
const push = (topic: string, data?: unknown) => receivePublication('user:t.u', { id: ++n, topic, data, position: n });
const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe('connectLiveQueries', () => {
  let client: QueryClient;
  beforeEach(() => {
    client = new QueryClient();
    for (const key of [['vacations', 'mine'], ['vacations', 'map', { a: 1 }], ['requests', 'queue'], ['reports', 'clock', {}], ['reports', 'mood', {}]]) {
      client.setQueryData(key, { x: 1 });
    }
  });
  afterEach(() => stopLiveStream());

  it('marks stale the queries under the keys of the pushed topic, and only those', () => {
    const off = connectLiveQueries(client, { 'vacation.changed': { stale: () => [['vacations']] } });
    push('vacation.changed', { id: 'v1' });
    expect(stale(client, ['vacations', 'mine'])).toBe(true);
    expect(stale(client, ['vacations', 'map', { a: 1 }])).toBe(true);
    expect(stale(client, ['requests', 'queue'])).toBe(false);
    off();
  });

  it('resync and a gap the history could not cover mark every query stale', () => {
    const off = connectLiveQueries(client, {});
    push('resync', {});
    expect(client.getQueryCache().getAll().every((q) => q.state.isInvalidated)).toBe(true);
    off();

    const again = new QueryClient();
    again.setQueryData(['requests', 'queue'], []);
    const off2 = connectLiveQueries(again, { 'request.changed': { stale: () => [['requests']] } });
    receiveSubscribed({ wasRecovering: true, recovered: false });
    expect(stale(again, ['requests', 'queue'])).toBe(true);
    off2();
  });

  it('waits for the end of a burst before marking a debounced topic stale, per named key', () => {
    vi.useFakeTimers();
    try {
      const off = connectLiveQueries(client, {
        'report.changed': { debounceMs: 1000, stale: (d) => [['reports', (d as { report: string }).report]] },
      });
      push('report.changed', { report: 'clock' });
      vi.advanceTimersByTime(600);
      push('report.changed', { report: 'clock' });
      vi.advanceTimersByTime(600);
      expect(stale(client, ['reports', 'clock', {}])).toBe(false);
      vi.advanceTimersByTime(500);
      expect(stale(client, ['reports', 'clock', {}])).toBe(true);
      expect(stale(client, ['reports', 'mood', {}])).toBe(false);
      off();
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes the data of an apply rule into the cache, and stops when disconnected', () => {
    const off = connectLiveQueries(client, { 'audit.replay': { apply: (c, d) => c.setQueryData(['audit', 'job'], d) } });
    push('audit.replay', { done: 5 });
    expect(client.getQueryData(['audit', 'job'])).toEqual({ done: 5 });
    off();
    push('audit.replay', { done: 9 });
    expect(client.getQueryData(['audit', 'job'])).toEqual({ done: 5 });
  });
});
