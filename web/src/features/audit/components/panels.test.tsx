import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_QUERIES } from '@/app/live-queries';
import { connectLiveQueries, deliverLive } from '@/lib/live-stream';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, renderWithProviders, testQueryClient } from '@/test/render';
import type { ReplayJob } from '../api/audit';
import { AsOfPanel } from './AsOfPanel';
import { ChainPanel } from './ChainPanel';
import { ReplayPanel } from './ReplayPanel';

// Several round trips each: slow on a loaded shared machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const job = (id: string, state: ReplayJob['state'], done: number, different = 0, total = 10): ReplayJob => ({
  id,
  projection: 'requests',
  state,
  progress: { done, total, rate: 5, elapsed: 1e9, eta: 1e9 },
  diffs: state === 'done' ? [{ table: 'requests', live: 3, shadow: 3, missing: 0, extra: 0, different, samples: [] }] : [],
  startedBy: 'Lívia',
  startedAt: '2026-01-01T10:00:00Z',
});

beforeEach(() => {
  useSessionStore.getState().login({
    user: { userName: 'livia', accessCode: 'DEMOCORP', tenId: 't1', hash: 'h1', displayName: 'Lívia' },
    access_token: 'tok',
  });
});

afterEach(() => {
  resetAllStores();
});

describe('audit panels', () => {
  it('rebuilds a request as of an instant on each click, and shows a refusal in the audit words', async () => {
    let calls = 0;
    const spy = mockFetch({
      'GET /api/audit/asof': () =>
        ++calls === 1
          ? json({ subject: { kind: 'request', id: 'r1', label: 'Notebook' }, at: '2026-01-01T10:00:00Z', now: '2026-01-02T10:00:00Z', eventsThen: 0, eventsNow: 2, then: {}, current: { status: 'waiting_manager' }, changes: [{ field: 'status', then: '', now: 'waiting_manager' }] })
          : json({ message: 'data_futura', errors: [{ type: 'at', message: 'data_futura' }] }, 400),
    });
    renderWithProviders(<AsOfPanel subject={{ kind: 'request', id: 'r1', label: 'Notebook' }} />);
    expect(spy).not.toHaveBeenCalled(); // runs when asked
    await userEvent.click(screen.getByTestId('audit-asof-run'));
    const changes = await screen.findByTestId('audit-asof-changes');
    expect(changes).toHaveTextContent('Situação');
    expect(changes).toHaveTextContent('Aguardando gestor');
    expect(screen.getByTestId('audit-asof-summary')).toHaveTextContent(': 0 de 2 eventos');
    await userEvent.click(screen.getByTestId('audit-asof-run'));
    expect(await screen.findByTestId('audit-asof-error')).toHaveTextContent('O instante não pode estar no futuro.');
    expect(screen.queryByTestId('audit-asof-changes')).toBeNull();
    const url = new URL(String(spy.mock.calls[0][0]), 'http://localhost');
    expect([url.searchParams.get('kind'), url.searchParams.get('id')]).toEqual(['request', 'r1']);
    expect(url.searchParams.get('at')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
  });

  it('checks the chain again on each click', async () => {
    let broken = false;
    mockFetch({
      'GET /api/audit/verify': () =>
        json({ events: 9, streams: 3, elapsed: '2ms', broken: broken ? { position: 7, eventId: 'e', stream: 'request-1', version: 2, reason: 'hash' } : null }),
    });
    renderWithProviders(<ChainPanel />);
    await userEvent.click(screen.getByTestId('audit-verify'));
    await screen.findByTestId('audit-chain-intact');
    broken = true;
    await userEvent.click(screen.getByTestId('audit-verify'));
    expect(await screen.findByTestId('audit-chain-broken')).toHaveTextContent('request-1');
    expect(screen.queryByTestId('audit-chain-intact')).toBeNull();
  });

  it('starts a rebuild and follows its progress from the push to its diff', async () => {
    const spy = mockFetch({
      'GET /api/audit/replay': () => json({ projections: ['requests', 'vacations'], jobs: [job('j0', 'done', 10)] }),
      'POST /api/audit/replay': () => json(job('j1', 'running', 0)),
    });
    const queryClient = testQueryClient();
    const disconnect = connectLiveQueries(queryClient, LIVE_QUERIES);
    try {
      renderWithProviders(<ReplayPanel />, { queryClient });
      const shown = () => screen.getByTestId('audit-replay-job');
      await waitFor(() => expect(shown().dataset.job).toBe('j0'));
      await userEvent.click(screen.getByTestId('audit-replay-start'));
      await waitFor(() => expect(shown().dataset.job).toBe('j1'));
      expect(shown().dataset.state).toBe('running');
      expect(screen.getByTestId('audit-replay-start')).toBeDisabled();
      const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
      expect(JSON.parse(String(post?.[1]?.body))).toEqual({ projection: 'requests' });
      expect(post?.[1]?.headers).toHaveProperty('Idempotency-Key');
      act(() => deliverLive('audit.replay', job('j1', 'running', 5)));
      await waitFor(() => expect(screen.getByTestId('audit-replay-figures')).toHaveTextContent('(50 %)'));
      act(() => deliverLive('audit.replay', job('j1', 'done', 10, 1)));
      await waitFor(() => expect(shown().dataset.state).toBe('done'));
      expect(within(screen.getByTestId('audit-diff-requests')).getByTestId('audit-diff-different')).toHaveTextContent('1');
      expect(screen.getByTestId('audit-diff-requests')).toHaveTextContent('Solicitações');
    } finally {
      disconnect();
    }
  });

  // Issue 29: the bar read "0 of 0", then "4,850 of 4,850 (100 %)" before the total was known.
  it('shows no bar and no percentage while the events are being counted, then the figures', async () => {
    mockFetch({
      'GET /api/audit/replay': () => json({ projections: ['clock'], jobs: [{ ...job('j1', 'running', 0, 0, 0), projection: 'clock' }] }),
    });
    const queryClient = testQueryClient();
    const disconnect = connectLiveQueries(queryClient, LIVE_QUERIES);
    try {
      renderWithProviders(<ReplayPanel />, { queryClient });
      await screen.findByTestId('audit-replay-counting');
      expect(screen.getByTestId('audit-replay-figures')).toHaveTextContent('Contando os eventos… 0 aplicados até agora');
      expect(screen.queryByTestId('audit-replay-progress')).toBeNull();
      act(() => deliverLive('audit.replay', { ...job('j1', 'running', 4850, 0, 0), projection: 'clock' }));
      await waitFor(() => expect(screen.getByTestId('audit-replay-figures')).toHaveTextContent('4850 aplicados'));
      expect(screen.getByTestId('audit-replay-job')).not.toHaveTextContent('%');
      act(() => deliverLive('audit.replay', { ...job('j1', 'running', 9850, 0, 100019), projection: 'clock' }));
      await waitFor(() => expect(screen.getByTestId('audit-replay-figures')).toHaveTextContent('9850 de 100019 eventos (10 %)'));
      expect(screen.queryByTestId('audit-replay-counting')).toBeNull();
      act(() =>
        deliverLive('audit.replay', {
          ...job('j1', 'done', 100019, 0, 100019),
          projection: 'clock',
          diffs: [{ table: 'clock_marks', live: 1, shadow: 1, missing: 0, extra: 0, different: 0, samples: [] }],
        }),
      );
      await waitFor(() => expect(screen.getByTestId('audit-diff-clock_marks')).toHaveTextContent('Marcações de ponto'));
      expect(screen.getByTestId('audit-diff-clock_marks')).not.toHaveTextContent('clock_marks');
    } finally {
      disconnect();
    }
  });
});
