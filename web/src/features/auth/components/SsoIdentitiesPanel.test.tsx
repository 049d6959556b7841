import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { useSessionStore } from '@/lib/session-store';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import { browser, SSO_LINK_KEY } from '../api/sso-flow';
import { CallbackPage } from '../pages/CallbackPage';
import { SsoIdentitiesPanel } from './SsoIdentitiesPanel';

// Rendering and typing are slow in jsdom on a busy machine.
const SLOW = 30_000;

const ISSUER = 'http://127.0.0.1:9400';

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

describe('SsoIdentitiesPanel and the link return', { timeout: SLOW }, () => {
  let assign: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    sessionStorage.clear();
    assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    act(() =>
      useSessionStore.getState().login({
        user: { userName: 'ana', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'hash-1' },
        access_token: 'tok',
        refreshToken: 'ref',
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    act(() => useSessionStore.getState().reset());
  });

  it('offers to link the provider account and leaves for the provider with a link request', async () => {
    const spy = mockFetch({
      'GET /api/auth/sso/identities': () => json({ provider: ISSUER, identities: [] }),
      'GET /api/auth/sso/link/start': () => json({ url: `${ISSUER}/oauth2/auth?state=s` }),
    });
    renderWithProviders(<SsoIdentitiesPanel />, { route: '/pages/profile' });
    expect(await screen.findByTestId('sso-identity-none')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('sso-link'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${ISSUER}/oauth2/auth?state=s`));
    expect(sessionStorage.getItem(SSO_LINK_KEY)).toBe('link');
    const start = new URL(String(spy.mock.calls.find(([u]) => String(u).includes('link/start'))![0]), 'http://x');
    expect(start.searchParams.get('intent')).toBe('link');
    expect(start.searchParams.get('userHash')).toBe('hash-1');
    expect(start.searchParams.get('redirectUrl')).toBe(`${window.location.origin}/callback`);
  });

  it('a linked account is listed with the unlink button; nothing shows without provider or link', async () => {
    mockFetch({
      'GET /api/auth/sso/identities': () =>
        json({ provider: ISSUER, identities: [{ issuer: ISSUER, subject: 'sub', email: 'ana@x.com', linkedAt: '2026-11-22T08:00:00Z' }] }),
    });
    const { unmount } = renderWithProviders(<SsoIdentitiesPanel />, { route: '/pages/profile?sso=link' });
    expect(await screen.findByText('ana@x.com')).toBeInTheDocument();
    expect(screen.getByTestId('sso-unlink')).toBeInTheDocument();
    expect(screen.getByTestId('sso-link-done')).toHaveTextContent('Conta vinculada');
    unmount();
    mockFetch({ 'GET /api/auth/sso/identities': () => json({ provider: '', identities: [] }) });
    renderWithProviders(<SsoIdentitiesPanel />, { route: '/pages/profile' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('sso-identities')).toBeNull();
  });

  it('/callback completes a link request for the signed-in user and goes back to the profile', async () => {
    sessionStorage.setItem(SSO_LINK_KEY, 'link');
    const spy = mockFetch({
      'POST /api/auth/sso/link': () => json({ intent: 'link', provider: ISSUER, identities: [] }),
    });
    renderWithProviders(
      <>
        <Routes>
          <Route path="/callback" element={<CallbackPage />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </>,
      { route: '/callback?code=c1&state=s1' },
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/pages/profile?sso=link'));
    const call = spy.mock.calls.find(([u]) => String(u).includes('/api/auth/sso/link'))!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ code: 'c1', state: 's1' });
    expect(new Headers(call[1]?.headers).get('Authorization')).toBe('Bearer tok');
    expect(sessionStorage.getItem(SSO_LINK_KEY)).toBeNull();
    // The session was not replaced: a link signs no one in.
    expect(useSessionStore.getState().accessToken).toBe('tok');
  });

  it('a refused link request goes back to the profile with the reason', async () => {
    sessionStorage.setItem(SSO_LINK_KEY, 'link');
    mockFetch({
      'POST /api/auth/sso/link': () =>
        json({ message: 'identidade_ja_vinculada', errors: [{ type: 'token', message: 'identidade_ja_vinculada' }] }, 409),
    });
    renderWithProviders(
      <>
        <Routes>
          <Route path="/callback" element={<CallbackPage />} />
          <Route path="*" element={<SsoIdentitiesPanel />} />
        </Routes>
        <Where />
      </>,
      { route: '/callback?code=c1&state=s1' },
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/pages/profile?ssoError=identidade_ja_vinculada'));
  });
});
