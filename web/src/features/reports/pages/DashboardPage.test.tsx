import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LIVE_QUERIES } from '@/app/live-queries';
import { connectLiveQueries, deliverLive } from '@/lib/live-stream';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, renderWithProviders, testQueryClient } from '@/test/render';
import { DashboardPage, defaultPeriod } from './DashboardPage';

function signIn(purchased: string, deny = '') {
  useSessionStore.getState().login({
    user: { userName: 'helena', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'hash-1', roles: ['pwa-rh-adm'], role: ['pwa-rh-adm'],
      audiences: ['admRH'], purchased, deny },
    access_token: 'tok',
  });
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});
let disconnect: (() => void) | undefined;

afterEach(() => {
  disconnect?.();
  disconnect = undefined;
  resetAllStores();
  vi.unstubAllGlobals();
});

describe('DashboardPage', () => {
  it('shows the widgets the purchases allow and no denial hides, asking at its own level', async () => {
    signIn('pwa-rh-dash,widgetmood,widgetsurveys', 'widgetsurveys');
    const spy = mockFetch({
      'GET /api/reports/mood': () => json({ scope: 'tenant', minGroup: 3, rows: [{ week: '2026-11-16', groupId: 'd', group: 'Operações', people: 2, checkins: 2, humor: null, energy: null }] }),
      'GET /api/reports/filters': () => json({ unidades: [], departamentos: [] }),
    });
    renderWithProviders(<DashboardPage level={2} />);
    expect(await screen.findByTestId('widget-mood')).toBeInTheDocument();
    expect(screen.queryByTestId('widget-surveys')).toBeNull(); // purchased but denied
    expect(screen.queryByTestId('widget-approvals')).toBeNull(); // not purchased
    await waitFor(() => expect(screen.getByTestId('table-mood')).toHaveTextContent('Operações'));
    const url = new URL(String(spy.mock.calls.find(([u]) => String(u).includes('/reports/mood'))![0]), 'http://x');
    expect(url.searchParams.get('scope')).toBe('tenant');
    expect(url.searchParams.get('from')).toBe(defaultPeriod().from);
  });

  it('says so when no widget is purchased', async () => {
    signIn('pwa-rh-dash');
    renderWithProviders(<DashboardPage level={0} />);
    expect(await screen.findByTestId('dashboard-empty')).toBeInTheDocument();
  });
});

const moodRow = (checkins: number) => ({ week: '2026-11-16', groupId: 'd', group: 'Operações', people: 3, checkins, humor: 4, energy: 3.5 });
const headcount = { scope: 'tenant', months: [{ month: '2026-11', active: 40, hires: 2, leavers: 1 }], groups: [] };
const calls = (spy: ReturnType<typeof mockFetch>, path: string) => spy.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname === path);

describe('DashboardPage reports', () => {
  it('reloads a report a second after the push names it, and that report only', async () => {
    signIn('pwa-rh-dash,widgetmood,widgetheadcount');
    let checkins = 2;
    const spy = mockFetch({
      'GET /api/reports/mood': () => json({ scope: 'tenant', minGroup: 3, rows: [moodRow(checkins)] }),
      'GET /api/reports/headcount': () => json(headcount),
      'GET /api/reports/filters': () => json({ unidades: [], departamentos: [] }),
    });
    const queryClient = testQueryClient();
    disconnect = connectLiveQueries(queryClient, LIVE_QUERIES);
    renderWithProviders(<DashboardPage level={2} />, { queryClient });
    await waitFor(() => expect(within(screen.getByTestId('table-mood')).getAllByRole('row')[1]).toHaveTextContent('Operações32'));
    await screen.findByTestId('table-headcount-months');
    checkins = 3;
    deliverLive('report.changed', { report: 'mood' });
    deliverLive('report.changed', { report: 'mood' }); // a burst: one reload
    await waitFor(() => expect(within(screen.getByTestId('table-mood')).getAllByRole('row')[1]).toHaveTextContent('Operações33'), { timeout: 4000 });
    expect(calls(spy, '/api/reports/mood')).toHaveLength(2);
    expect(calls(spy, '/api/reports/headcount')).toHaveLength(1);
  });

  it('asks the reports again for a new period typed in the filter, showing the last figures meanwhile', async () => {
    signIn('pwa-rh-dash,widgetmood');
    const spy = mockFetch({ 'GET /api/reports/mood': () => json({ scope: 'self', minGroup: 3, rows: [moodRow(1)] }) });
    renderWithProviders(<DashboardPage level={0} />);
    await screen.findByTestId('table-mood');
    fireEvent.change(screen.getByTestId('filter-from'), { target: { value: '2026-01-05' } });
    expect(screen.getByTestId('table-mood')).toBeInTheDocument();
    await waitFor(() => expect(calls(spy, '/api/reports/mood').at(-1)!.searchParams.get('from')).toBe('2026-01-05'));
    expect(calls(spy, '/api/reports/mood').at(-1)!.searchParams.get('scope')).toBe('self');
    expect(screen.queryByTestId('filter-dept')).toBeNull(); // groups only on the company's dashboard
  });

  it('shows the server\'s message when a report fails', async () => {
    signIn('pwa-rh-dash,widgetmood');
    mockFetch({ 'GET /api/reports/mood': () => json({ message: 'sem_permissao', errors: [] }, 403) });
    renderWithProviders(<DashboardPage level={0} />);
    expect(await within(await screen.findByTestId('widget-mood')).findByTestId('server-error')).toBeInTheDocument();
    expect(screen.queryByTestId('table-mood')).toBeNull();
  });
});

describe('defaultPeriod', () => {
  it('is the last twelve months, today included', () => {
    expect(defaultPeriod(new Date(2026, 10, 25))).toEqual({ from: '2025-11-26', to: '2026-11-25' });
  });
});
