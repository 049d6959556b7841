import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { LIVE_QUERIES } from '@/app/live-queries';
import { connectLiveQueries, deliverLive } from '@/lib/live-stream';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, renderWithProviders, testQueryClient } from '@/test/render';
import type { RequestSource } from '../api/types';
import { RequestMenuBadge } from '../components/RequestMenuBadge';
import { RequestViewDialog } from '../components/RequestViewDialog';
import { useRequestListStore } from '../store/request-list-store';
import { chain, page, request } from '../test-data';
import { REQUEST_BASE } from '../utils/paths';
import { RequestsPage } from './RequestsPage';

type Spy = ReturnType<typeof mockFetch>;
const listQueries = (spy: Spy) =>
  spy.mock.calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname === '/api/cac-app/request')
    .map((u) => Object.fromEntries(u.searchParams));
const calls = (spy: Spy, path: string) => spy.mock.calls.filter(([u]) => new URL(String(u), 'http://x').pathname === path).length;

function renderScreen(source: RequestSource, route: string, queryClient = testQueryClient()) {
  const base = REQUEST_BASE[source];
  renderWithProviders(
    <>
      <RequestMenuBadge menuId="tools_002" />
      <Routes>
        <Route path={`${base}/label/:labelId/:requestId?`} element={<RequestsPage source={source} />} />
        <Route path={`${base}/:folderHandle/:requestId?`} element={<RequestsPage source={source} />} />
      </Routes>
    </>,
    { route, queryClient },
  );
  return queryClient;
}

let disconnect: (() => void) | null = null;

beforeEach(() => {
  useSessionStore.getState().login({
    user: { userName: 'marcos', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'hash-marcos', displayName: 'Marcos Lima' },
    access_token: 'tok',
  });
});
afterEach(() => {
  disconnect?.();
  disconnect = null;
  resetAllStores();
});

describe('RequestsPage (spec portal-business §2, §3)', { timeout: 30_000 }, () => {
  it('asks for the folder with source, tenant and pages of 8, pages by number and lists the labels seen', async () => {
    const spy = mockFetch({
      'GET /api/cac-app/request': (url) =>
        json(page([request(`r${url.searchParams.get('page')}`, { labels: ['ti'] })], { totalPages: 3, totalCount: 20, currentPage: Number(url.searchParams.get('page')) })),
      'GET /api/cac-app/request/count': () => json({ waiting: 0, approver: 2, delivery: 0 }),
    });
    renderScreen('approver', '/apps/requestApprover/waiting');
    await screen.findByTestId('request-row');
    expect(listQueries(spy)[0]).toEqual({ tenId: 'tenant-1', source: 'approver', filterHandle: 'waiting', page: '1', pageSize: '8' });
    expect(await screen.findByTestId('request-label-ti')).toBeInTheDocument();
    expect(await screen.findByTestId('folder-count-waiting')).toHaveTextContent('2');
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(screen.getByTestId('request-row')).toHaveAttribute('data-request-id', 'r2'));
    expect(listQueries(spy)[1]).toMatchObject({ source: 'approver', page: '2' });
  });

  it('lists a team member’s requests with their key while acting for them', async () => {
    const spy = mockFetch({ 'GET /api/cac-app/request': () => json(page([])), 'GET /api/cac-app/request/count': () => json({ waiting: 0, approver: 0, delivery: 0 }) });
    useRequestListStore.getState().setActingFor({ m01Ukey: 'm01-ana', name: 'Ana Souza' });
    renderScreen('request', '/apps/request/all');
    expect(await screen.findByTestId('request-acting-for')).toHaveTextContent('Ana Souza');
    await waitFor(() => expect(listQueries(spy)[0]).toMatchObject({ source: 'request', m01Ukey: 'm01-ana' }));
    await userEvent.click(screen.getByTestId('request-acting-stop'));
    await waitFor(() => expect(listQueries(spy)).toHaveLength(2));
    expect(listQueries(spy)[1].m01Ukey).toBeUndefined();
    expect(screen.queryByTestId('request-acting-for')).toBeNull();
  });

  it('a failed reload says so and keeps the rows it showed', async () => {
    let fail = false;
    mockFetch({
      'GET /api/cac-app/request': () => (fail ? json({ message: 'acesso_negado', errors: [] }, 403) : json(page([request('r1')]))),
      'GET /api/cac-app/request/count': () => json({ waiting: 1, approver: 0, delivery: 0 }),
    });
    const client = renderScreen('request', '/apps/request/all');
    await screen.findByTestId('request-row');
    fail = true;
    await act(() => client.invalidateQueries());
    expect(await screen.findByTestId('request-list-failed')).toHaveTextContent('Acesso negado');
    expect(screen.getByTestId('request-list')).toHaveAttribute('data-status', 'failed');
    expect(screen.getByTestId('request-row')).toHaveAttribute('data-request-id', 'r1');
  });
});

describe('live requests (request.changed → stale queries)', { timeout: 30_000 }, () => {
  it('a request reaching the approver updates the badge and the queue on screen at once', async () => {
    let queue = [request('r1')];
    let counts = { waiting: 0, approver: 1, delivery: 0 };
    const spy = mockFetch({
      'GET /api/cac-app/request': () => json(page(queue)),
      'GET /api/cac-app/request/count': () => json(counts),
    });
    const client = testQueryClient();
    disconnect = connectLiveQueries(client, LIVE_QUERIES);
    renderScreen('approver', '/apps/requestApprover/waiting', client);
    await screen.findByTestId('request-row');
    expect(await screen.findByTestId('menu-count-tools_002')).toHaveTextContent('1');
    const before = calls(spy, '/api/cac-app/request');

    queue = [request('r2'), request('r1')];
    counts = { waiting: 0, approver: 2, delivery: 0 };
    act(() => deliverLive('request.changed', { ac4Ukey: 'r2', eventType: 'request.sent.v1', status: 'waiting', version: 2 }));
    await waitFor(() => expect(screen.getAllByTestId('request-row').map((r) => r.getAttribute('data-request-id'))).toEqual(['r2', 'r1']));
    await waitFor(() => expect(screen.getByTestId('menu-count-tools_002')).toHaveTextContent('2'));
    // Only what is on screen reloads, once.
    expect(calls(spy, '/api/cac-app/request')).toBe(before + 1);
  });

  it('a decision on the open request reloads it, its chain and its timeline', async () => {
    let current = request('r1');
    const spy = mockFetch({
      'GET /api/cac-app/request/isrequester': () => json({ isRequester: true }),
      'GET /api/cac-app/request/by-id': () => json(current),
      'GET /api/cac-app/requestApprover': () => json(chain(current.approvalStatus === 'waiting_hr' ? 'approved' : 'waiting', 'pending')),
      'GET /api/cac-app/request/timeline': () => json([]),
      'GET /api/cac-app/request/history': () => json(page([])),
      'GET /api/cac-app/request/count': () => json({ waiting: 1, approver: 0, delivery: 0 }),
    });
    const client = testQueryClient();
    disconnect = connectLiveQueries(client, LIVE_QUERIES);
    renderWithProviders(<RequestViewDialog source="request" requestId="r1" onClose={vi.fn()} />, { queryClient: client });
    const status = () => screen.getAllByTestId('request-status')[0];
    await waitFor(() => expect(status()).toHaveAttribute('data-status', 'waiting_manager'));
    const timelines = calls(spy, '/api/cac-app/request/timeline');

    current = request('r1', { approvalStatus: 'waiting_hr', version: 3 });
    act(() => deliverLive('request.changed', { ac4Ukey: 'r1', eventType: 'request.step_approved.v1', version: 3 }));
    await waitFor(() => expect(status()).toHaveAttribute('data-status', 'waiting_hr'));
    await waitFor(() => expect(screen.getByTestId('request-dialog')).toHaveAttribute('data-version', '3'));
    await waitFor(() => expect(calls(spy, '/api/cac-app/request/timeline')).toBe(timelines + 1));
    expect(calls(spy, '/api/cac-app/requestApprover')).toBe(2);
  });
});
