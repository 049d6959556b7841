import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { useSessionStore } from '@/lib/session-store';
import type { LoginResult } from '@/lib/session-types';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import { browser, SSO_ACCESS_CODE_KEY, SSO_ORIGIN_KEY, type SsoTenantInfo } from '../api/sso-flow';
import { SsoButton } from '../components/SsoButton';
import { SsoRedirect } from '../components/SsoRedirect';
import { CallbackPage } from './CallbackPage';

// Rendering is slow in jsdom on a busy machine.
const SLOW = 30_000;

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function renderAt(route: string, extra?: React.ReactNode) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/callback" element={<CallbackPage />} />
        <Route path="*" element={extra ?? null} />
      </Routes>
      <Where />
    </>,
    { route },
  );
}

const ssoTenant = (grantTypes: number): SsoTenantInfo => ({
  accessCode: 'DEMOCORP',
  tenantId: 'tenant-1',
  tenantName: 'Demo Corp',
  cognitoGrantTypes: grantTypes,
  cognitoAppIntegration: { appClientId: 'portal', cognitoDomain: 'http://127.0.0.1:9400' },
});

const loginResult: LoginResult = {
  user: { userName: 'ana.souza', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'hash-1', languageId: 'pt', isSSO: true },
  access_token: 'tok-1',
  refreshToken: 'ref-1',
};

const AUTHORIZE = 'http://127.0.0.1:9400/oauth2/auth?client_id=portal&state=s';

describe('CallbackPage', { timeout: SLOW }, () => {
  let assign: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    sessionStorage.clear();
    assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    act(() => useSessionStore.getState().reset());
  });

  it('with a code completes the flow, stores the session and goes to the origin path', async () => {
    sessionStorage.setItem(SSO_ORIGIN_KEY, '/apps/rh/ponto');
    const fetchSpy = mockFetch({ 'POST /api/auth/sso/callback': () => json(loginResult) });
    renderAt('/callback?code=the-code&state=the-state');

    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/apps\/rh\/ponto$/));
    const [, init] = fetchSpy.mock.calls[0];
    expect(JSON.parse(String(init?.body))).toEqual({ code: 'the-code', state: 'the-state' });
    expect(useSessionStore.getState().accessToken).toBe('tok-1');
    expect(useSessionStore.getState().user?.isSSO).toBe(true);
    expect(fetchSpy).toHaveBeenCalledTimes(1); // the single-use state is sent once
  });

  it('without a stored origin goes to the home page', async () => {
    mockFetch({ 'POST /api/auth/sso/callback': () => json(loginResult) });
    renderAt('/callback?code=c&state=s');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/apps\/homePage$/));
  });

  it("shows 'Invalid state' when the server refuses the state, and keeps the user signed out", async () => {
    const user = userEvent.setup();
    localStorage.setItem(SSO_ACCESS_CODE_KEY, 'DEMOCORP');
    mockFetch({
      'POST /api/auth/sso/callback': () =>
        json({ message: 'estado_invalido', errors: [{ type: 'state', message: 'estado_invalido' }] }, 400),
    });
    renderAt('/callback?code=c&state=forged');
    expect(await screen.findByTestId('sso-error')).toHaveTextContent('Estado inválido');
    expect(useSessionStore.getState().accessToken).toBeNull();
    expect(screen.getByTestId('where')).toHaveTextContent('/callback?code=c&state=forged');

    await user.click(screen.getByTestId('sso-back'));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/login\/DEMOCORP$/);
  });

  it('says so in English too', async () => {
    const { default: i18n } = await import('@/i18n');
    await act(() => i18n.changeLanguage('en'));
    mockFetch({
      'POST /api/auth/sso/callback': () =>
        json({ message: 'estado_invalido', errors: [{ type: 'state', message: 'estado_invalido' }] }, 400),
    });
    renderAt('/callback?code=c&state=forged');
    expect(await screen.findByTestId('sso-error')).toHaveTextContent(/^Invalid state$/);
  });

  it('shows an unlinked account and a refusal at the provider', async () => {
    mockFetch({
      'POST /api/auth/sso/callback': () =>
        json({ message: 'conta_nao_vinculada', errors: [{ type: 'sso', message: 'conta_nao_vinculada' }] }, 401),
    });
    const { unmount } = renderAt('/callback?code=c&state=s');
    expect(await screen.findByTestId('sso-error')).toHaveTextContent('não está vinculada');
    unmount();

    renderAt('/callback?error=access_denied&state=s');
    expect(await screen.findByTestId('sso-error')).toHaveTextContent('O provedor de identidade recusou o acesso.');
  });

  it('without a code starts the sign-in at the provider when the grant type count is above 0', async () => {
    localStorage.setItem(SSO_ACCESS_CODE_KEY, 'DEMOCORP');
    const fetchSpy = mockFetch({
      'GET /api/auth/TenantInfo': () => json(ssoTenant(1)),
      'GET /api/auth/sso/start': () => json({ url: AUTHORIZE }),
    });
    renderAt('/callback');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORIZE));
    const start = new URL(String(fetchSpy.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(start.searchParams.get('accessCode')).toBe('DEMOCORP');
    expect(start.searchParams.get('redirectUrl')).toBe(`${window.location.origin}/callback`);
  });

  it('without a code goes to the origin when the grant type count is 0', async () => {
    localStorage.setItem(SSO_ACCESS_CODE_KEY, 'DEMOCORP');
    mockFetch({ 'GET /api/auth/TenantInfo': () => json(ssoTenant(0)) });
    renderAt('/callback');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('login screen single sign-on', { timeout: SLOW }, () => {
  beforeEach(() => {
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('the SSO button starts the flow at the tenant provider and keeps the origin', async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockFetch({ 'GET /api/auth/sso/start': () => json({ url: AUTHORIZE }) });
    renderWithProviders(<SsoButton tenant={ssoTenant(0)} />, { route: '/login/DEMOCORP' });
    await user.click(screen.getByTestId('google-login'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORIZE));
    expect(localStorage.getItem(SSO_ACCESS_CODE_KEY)).toBe('DEMOCORP');
  });

  it('the button is disabled without a provider, and a failed start stops loading silently', async () => {
    const { unmount } = renderWithProviders(<SsoButton tenant={{ accessCode: 'DEMOCORP', tenantId: 't' }} />);
    expect(screen.getByTestId('google-login')).toBeDisabled();
    unmount();

    const user = userEvent.setup();
    mockFetch({
      'GET /api/auth/sso/start': () => json({ message: 'provedor_indisponivel', errors: [{ type: 'sso', message: 'provedor_indisponivel' }] }, 502),
    });
    renderWithProviders(<SsoButton tenant={ssoTenant(0)} />);
    await user.click(screen.getByTestId('google-login'));
    await waitFor(() => expect(screen.getByTestId('google-login')).not.toHaveAttribute('data-loading'));
    expect(screen.getByTestId('google-login')).toBeEnabled();
  });

  it('a grant type count above 0 stores the access code and goes to /callback', async () => {
    renderWithProviders(
      <>
        <Routes>
          <Route path="/login/:code" element={<SsoRedirect tenant={ssoTenant(1)} />} />
          <Route path="/callback" element={<div />} />
        </Routes>
        <Where />
      </>,
      { route: '/login/DEMOCORP' },
    );
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/callback$/);
    expect(localStorage.getItem(SSO_ACCESS_CODE_KEY)).toBe('DEMOCORP');
  });

  it('a grant type count of 0 stays on the login screen', () => {
    renderWithProviders(
      <>
        <SsoRedirect tenant={ssoTenant(0)} />
        <Where />
      </>,
      { route: '/login/DEMOCORP' },
    );
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/login\/DEMOCORP$/);
  });
});
