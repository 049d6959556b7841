import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, renderWithProviders } from '@/test/render';
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
afterEach(() => {
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

describe('defaultPeriod', () => {
  it('is the last twelve months, today included', () => {
    expect(defaultPeriod(new Date(2026, 10, 25))).toEqual({ from: '2025-11-26', to: '2026-11-25' });
  });
});
