import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { useSessionStore } from '@/lib/session-store';
import type { SessionUser } from '@/lib/session-types';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import { browser } from '../api/sso-flow';
import { LogoutPage } from './LogoutPage';

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname}</div>;
}

const user = (extra: Partial<SessionUser> = {}): SessionUser => ({
  userName: 'ana.souza',
  accessCode: 'DEMOCORP',
  tenId: 't-1',
  hash: 'h-1',
  ...extra,
});

function signIn(u: SessionUser) {
  act(() => useSessionStore.getState().login({ user: u, access_token: 'tok', refreshToken: 'ref' }));
}

const render = () =>
  renderWithProviders(
    <>
      <Routes>
        <Route path="/logout" element={<LogoutPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    { route: '/logout' },
  );

const END_SESSION = 'http://127.0.0.1:9400/oauth2/logout?client_id=portal';

describe('LogoutPage (spec portal-core §4)', () => {
  let assign: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    act(() => useSessionStore.getState().reset());
  });

  it('a single sign-on user goes to the provider logout address the server answers', async () => {
    const fetchSpy = mockFetch({ 'POST /api/auth/logout': () => json({ success: true, logoutUrl: END_SESSION }) });
    signIn(user({ isSSO: true }));
    render();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(END_SESSION));
    const body = JSON.parse(String(fetchSpy.mock.calls[0][1]?.body));
    expect(body).toEqual({ refreshToken: 'ref', accessCode: 'DEMOCORP', redirectUrl: `${window.location.origin}/login/DEMOCORP` });
    expect(useSessionStore.getState().user).toBeNull();
    expect(useSessionStore.getState().refreshToken).toBeNull();
  });

  it('a single sign-on user whose provider has no logout address goes to the login', async () => {
    mockFetch({ 'POST /api/auth/logout': () => json({ success: true }) });
    signIn(user({ isSSO: true }));
    render();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login/DEMOCORP'));
    expect(assign).not.toHaveBeenCalled();
  });

  it('a password user goes to the login at once, never to a provider', async () => {
    mockFetch({ 'POST /api/auth/logout': () => json({ success: true, logoutUrl: END_SESSION }) });
    signIn(user());
    render();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login/DEMOCORP'));
    expect(assign).not.toHaveBeenCalled();
    expect(useSessionStore.getState().user).toBeNull();
  });
});
