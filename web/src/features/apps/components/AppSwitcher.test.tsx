import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '@/test/render';
import { useSessionStore } from '@/lib/session-store';
import type { SessionUser } from '@/lib/session-types';
import { useActiveAppStore } from '../store/active-app-store';
import { AppSwitcher } from './AppSwitcher';

function signIn(keys: Record<string, string>) {
  const user: SessionUser = { userName: 'ana', accessCode: 'DEMOCORP', tenId: 't', hash: 'h', keys };
  useSessionStore.getState().login({ user, access_token: 'tok' });
}

describe('AppSwitcher', () => {
  beforeEach(() => useActiveAppStore.getState().reset());
  afterEach(() => useSessionStore.getState().reset());

  it('shows only the apps of the held keys, with release badges; choosing switches and goes home', async () => {
    signIn({ m01_ukey: 'e', a03_ukey: 'c' });
    renderWithProviders(
      <Routes>
        <Route path="/apps/homePage" element={<div data-testid="home" />} />
        <Route path="*" element={<AppSwitcher />} />
      </Routes>,
      { route: '/apps/news' },
    );
    fireEvent.click(screen.getByTestId('app-switcher-button'));
    expect(await screen.findByTestId('app-hr')).toBeInTheDocument();
    expect(screen.getByTestId('app-customers')).toBeInTheDocument();
    expect(screen.queryByTestId('app-suppliers')).toBeNull();
    expect(screen.queryByTestId('app-cloud')).toBeNull();
    expect(screen.queryByTestId('app-cloud-settings')).toBeNull();
    expect(screen.getByTestId('app-hr-release')).toHaveTextContent(/2024/);

    fireEvent.click(screen.getByTestId('app-customers'));
    await waitFor(() => expect(screen.getByTestId('home')).toBeInTheDocument());
    expect(useActiveAppStore.getState().app).toBe('customers');
    expect(useActiveAppStore.getState().flag).toBe('A03');
    expect(useActiveAppStore.getState().roles).toEqual(['quotes', 'orders', 'purchases', 'history']);
  });

  it('is not shown to a user without any app key', () => {
    signIn({});
    renderWithProviders(<AppSwitcher />);
    expect(screen.queryByTestId('app-switcher-button')).toBeNull();
  });
});
