import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/render';
import { ApiError, NETWORK_ERROR, TIMEOUT_ERROR, api, parseRetryAfter } from './api';
import { RETRY_AFTER_CAP_MS, isTransient, queryErrorKey, retryDelay, retryRead, useCommand } from './query';

describe('retryRead', () => {
  it('tries a lost connection and a briefly unavailable server again, twice at most', () => {
    expect(isTransient(new ApiError(0, NETWORK_ERROR))).toBe(true);
    expect(isTransient(new ApiError(503, 'erro_interno'))).toBe(true);
    expect(isTransient(new ApiError(429, 'muitas_requisicoes'))).toBe(true);
    expect(retryRead(0, new ApiError(502, 'x'))).toBe(true);
    expect(retryRead(2, new ApiError(502, 'x'))).toBe(false);
  });

  it('never repeats a refusal, a server error or a time-out', () => {
    for (const e of [new ApiError(400, 'valor_invalido'), new ApiError(403, 'acesso_negado'), new ApiError(404, 'x'), new ApiError(500, 'erro_interno'), new ApiError(0, TIMEOUT_ERROR), new Error('x')]) {
      expect(retryRead(0, e)).toBe(false);
    }
  });

  it('names a failure by its server key', () => {
    expect(queryErrorKey(new ApiError(422, 'ferias_sem_saldo'))).toBe('ferias_sem_saldo');
    expect(queryErrorKey(new ApiError(0, TIMEOUT_ERROR))).toBe(TIMEOUT_ERROR);
    expect(queryErrorKey(new Error('boom'))).toBe(NETWORK_ERROR);
  });
});

describe('useCommand', () => {
  const wrapper = (client: QueryClient) =>
    function Wrapper({ children }: { children: ReactNode }) {
      return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    };
  const send = (v: { n: number }, ctx: { idempotencyKey: string }) => api.post<{ ok: number }>('/api/thing', v, { idempotencyKey: ctx.idempotencyKey });

  it('sends a new Idempotency-Key with each call and marks the named queries stale on success', async () => {
    const fetch = mockFetch({ 'POST /api/thing': () => json({ ok: 1 }) });
    const client = new QueryClient();
    client.setQueryData(['things', 'list'], []);
    client.setQueryData(['other'], []);
    const { result } = renderHook(() => useCommand(send, { invalidates: [['things']] }), { wrapper: wrapper(client) });
    await act(() => result.current.mutateAsync({ n: 1 }));
    await act(() => result.current.mutateAsync({ n: 2 }));
    const keys = fetch.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/\S{8,}/);
    expect(keys[0]).not.toBe(keys[1]);
    expect(client.getQueryState(['things', 'list'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['other'])?.isInvalidated).toBe(false);
    expect(result.current.variables).toEqual({ n: 2 });
  });

  it('repeats a transient failure with the same key when asked, and invalidates nothing on failure', async () => {
    let calls = 0;
    const fetch = mockFetch({ 'POST /api/thing': () => (++calls < 2 ? json({ message: 'erro_interno' }, 503) : json({ ok: 1 })) });
    const client = new QueryClient();
    client.setQueryData(['things'], []);
    const { result } = renderHook(() => useCommand(send, { invalidates: [['things']], retryTransient: true, retryDelay: 1 }), { wrapper: wrapper(client) });
    await act(() => result.current.mutateAsync({ n: 1 }));
    const keys = fetch.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);

    mockFetch({ 'POST /api/thing': () => json({ message: 'valor_invalido', errors: [{ type: 'n', message: 'valor_invalido' }] }, 400) });
    const again = new QueryClient();
    again.setQueryData(['things'], []);
    const onError = vi.fn();
    const second = renderHook(() => useCommand(send, { invalidates: [['things']], retryTransient: true, onError }), { wrapper: wrapper(again) });
    second.result.current.mutate({ n: 3 });
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(onError.mock.calls[0][0]).toBeInstanceOf(ApiError);
    expect(onError.mock.calls[0][1]).toEqual({ n: 3 });
    expect(again.getQueryState(['things'])?.isInvalidated).toBe(false);
  });

  it('waits what a 503 asks in Retry-After before repeating a punch with the same key', async () => {
    const at: number[] = [];
    const fetch = mockFetch({
      'POST /api/thing': () => {
        at.push(Date.now());
        if (at.length > 1) return json({ ok: 1 });
        const r = json({ message: 'indisponivel', errors: [{ type: 'request', message: 'indisponivel' }] }, 503);
        r.headers.set('Retry-After', '2');
        return r;
      },
    });
    const client = new QueryClient();
    const { result } = renderHook(() => useCommand(send, { retryTransient: true }), { wrapper: wrapper(client) });
    await act(() => result.current.mutateAsync({ n: 1 }));
    const keys = fetch.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    // 2 s as asked, not TanStack's 1 s for a first retry.
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(1950);
    expect(at[1] - at[0]).toBeLessThan(2900);
  });
});

describe('retryDelay', () => {
  it('follows Retry-After within a cap, else doubles', () => {
    const unavailable = (ms?: number) => Object.assign(new ApiError(503, 'indisponivel'), { retryAfterMs: ms });
    expect(retryDelay(1, unavailable(2000))).toBe(2000);
    expect(retryDelay(1, unavailable(0))).toBe(0);
    expect(retryDelay(1, unavailable(120_000))).toBe(RETRY_AFTER_CAP_MS);
    expect(RETRY_AFTER_CAP_MS).toBeLessThanOrEqual(10_000);
    expect(retryDelay(0, unavailable())).toBe(1000);
    expect(retryDelay(1, new ApiError(0, NETWORK_ERROR))).toBe(2000);
    expect(retryDelay(10, new ApiError(0, NETWORK_ERROR))).toBe(30_000);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    const now = Date.parse('2026-11-28T10:00:00Z');
    expect(parseRetryAfter('Sat, 28 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Sat, 28 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });
});
