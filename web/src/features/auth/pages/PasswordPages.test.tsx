import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { useSessionStore } from '@/lib/session-store';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import { usePasswordFlowStore } from '../store/password-flow-store';
import { ChangePasswordPage } from './ChangePasswordPage';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { TokenSignInPage, safeRedirect, tokenFailurePath } from './TokenSignInPage';

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname}</div>;
}

function renderAt(route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/change-password" element={<ChangePasswordPage />} />
        <Route path="/auth/token" element={<TokenSignInPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    { route },
  );
}

const SLOW = 30_000;
const user = { userName: 'ana.souza', accessCode: 'DEMOCORP', tenId: 't1', hash: 'h1', languageId: 'pt' };

describe('password pages', () => {
  it('/forgot-password without forgot data goes to /login', async () => {
    usePasswordFlowStore.getState().reset();
    renderAt('/forgot-password');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/login$/));
  });

  it('/forgot-password resets the password and goes to the login of the company', async () => {
    usePasswordFlowStore.getState().startForgot({ accessCode: 'DEMOCORP', userName: 'ana.souza' });
    const spy = mockFetch({ 'POST /api/auth/authManagement/AdminConfirmForgotPassword': () => json({ success: true }) });
    const u = userEvent.setup();
    renderAt('/forgot-password');
    await u.click(screen.getByTestId('reset-code'));
    await u.paste('abcd2345');
    await u.click(screen.getByTestId('reset-new-password'));
    await u.paste('Nova@Senha1');
    await u.click(screen.getByTestId('reset-new-password-confirm'));
    await u.paste('Nova@Senha1');
    await u.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login/DEMOCORP'));
    expect(JSON.parse(String(spy.mock.calls[0][1]?.body))).toEqual({
      accessCode: 'DEMOCORP',
      userName: 'ana.souza',
      code: 'ABCD2345',
      newPassword: 'Nova@Senha1',
    });
    expect(usePasswordFlowStore.getState().forgot).toBeNull();
  }, SLOW);

  it('/change-password completes the challenge and goes to the login', async () => {
    useSessionStore.getState().reset();
    usePasswordFlowStore.getState().startChallenge({ sessionId: 's1', userHash: 'h9', userName: 'nova.senha', accessCode: 'DEMOCORP' });
    const spy = mockFetch({ 'POST /api/auth/NewPasswordRequired': () => json({ success: true }) });
    const u = userEvent.setup();
    renderAt('/change-password');
    expect(screen.queryByTestId('current-password')).not.toBeInTheDocument();
    await u.click(screen.getByTestId('new-password'));
    await u.paste('Primeira@2025');
    await u.click(screen.getByTestId('new-password-confirm'));
    await u.paste('Primeira@2025');
    await u.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login/DEMOCORP'));
    expect(JSON.parse(String(spy.mock.calls[0][1]?.body))).toEqual({
      sessionId: 's1',
      newPassword: 'Primeira@2025',
      userName: 'nova.senha',
      accessCode: 'DEMOCORP',
      userHash: 'h9',
    });
  }, SLOW);

  it('/change-password without a session or a challenge goes to /login', async () => {
    useSessionStore.getState().reset();
    usePasswordFlowStore.getState().reset();
    renderAt('/change-password');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/login$/));
  });
});

describe('token sign-in screen', () => {
  it('signs in with u, r, c and goes to ru', async () => {
    useSessionStore.getState().reset();
    const spy = mockFetch({
      'POST /api/auth/signInWithRefreshToken': () => json({ user, access_token: 'a1', refreshToken: 'r2', idToken: 'a1' }),
    });
    renderAt('/auth/token?u=ana.souza&ru=%2Fapps%2Fnews&r=r1&c=DEMOCORP');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/apps/news'));
    expect(JSON.parse(String(spy.mock.calls[0][1]?.body))).toEqual({
      username: 'ana.souza',
      refreshToken: 'r1',
      accessCode: 'DEMOCORP',
      redirectUrl: '/apps/news',
    });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState()).toMatchObject({ accessToken: 'a1', refreshToken: 'r2' });
  });

  it('on failure goes to /login/{c}/ru={ru}', async () => {
    useSessionStore.getState().reset();
    mockFetch({
      'POST /api/auth/signInWithRefreshToken': () =>
        json({ message: 'falha_login_token', errors: [{ type: 'login', message: 'falha_login_token' }] }, 401),
    });
    renderAt('/auth/token?u=ana.souza&ru=%2Fapps%2Fnews&r=used&c=DEMOCORP');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login/DEMOCORP/ru=%2Fapps%2Fnews'));
    expect(useSessionStore.getState().accessToken).toBeNull();
  });

  it('goes only to paths of this site', () => {
    expect(safeRedirect('/apps/news?x=1')).toBe('/apps/news?x=1');
    expect(safeRedirect('https://evil.example')).toBe('/apps/homePage');
    expect(safeRedirect('//evil.example')).toBe('/apps/homePage');
    expect(safeRedirect(null)).toBe('/apps/homePage');
    expect(tokenFailurePath('DEMOCORP', null)).toBe('/login/DEMOCORP');
    expect(tokenFailurePath(null, '/x')).toBe('/login');
  });
});
