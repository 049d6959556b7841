import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { useClockStore } from '@/features/clock';
import { useSessionStore } from '@/lib/session-store';
import type { LoginResult } from '@/lib/session-types';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import { AppRoutes } from './AppRoutes';

// Lazy chunks and key-by-key typing: slow on a loaded shared machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname}</div>;
}

const tenant = {
  accessCode: 'DEMOCORP',
  tenantId: 'tenant-1',
  tenantName: 'Demo Corp',
  cognitoGrantTypes: 0,
  urls: { url: 'https://example.com', title: 'Demo Corp site' },
};

const loginResult: LoginResult = {
  user: {
    userName: 'ana.souza',
    accessCode: 'DEMOCORP',
    tenId: 'tenant-1',
    hash: 'hash-1',
    displayName: 'Ana Souza',
    initials: 'AS',
    role: ['pwa-rh-col'],
    languageId: 'pt',
    dynamicAccess: { altera_localizacao: 1 },
  },
  access_token: 'tok-1',
  refreshToken: 'ref-1',
  idToken: 'id-1',
};

function renderApp(route: string) {
  return renderWithProviders(
    <>
      <AppRoutes />
      <Where />
    </>,
    { route },
  );
}

describe('routes', () => {
  afterEach(() => {
    act(() => {
      useSessionStore.getState().reset();
      useClockStore.getState().reset();
    });
  });

  it('sends guests from a protected page to /login', { timeout: 40_000 }, async () => {
    renderApp('/apps/homePage');
    // The signed-in app is a lazy chunk: its first load (and transform, in tests) takes a moment.
    expect(await screen.findByTestId('access-code', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/login$/);
    expect(screen.getByTestId('build-version')).toHaveTextContent('2024.08.1691');
  });

  it('shows the 404 page for unknown paths', async () => {
    renderApp('/some/unknown/path');
    expect(await screen.findByTestId('not-found', {}, { timeout: 8000 })).toHaveTextContent('A página que você procura não pôde ser encontrada.');
  });

  it('shows the access-code error with the hint when the code is unknown', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/auth/TenantInfo': () =>
        json({ message: 'codigo_acesso_invalido', errors: [{ type: 'accessCode', message: 'codigo_acesso_invalido' }] }, 404),
    });
    renderApp('/login');
    await user.type(screen.getByTestId('access-code'), 'NOPE');
    await user.click(screen.getByTestId('continue'));
    expect(await screen.findByText('Código de acesso inválido')).toBeInTheDocument();
    expect(screen.getByText('Verifique Código de Acesso.')).toBeInTheDocument();
  });

  it('signs in through both steps and lands on the home page inside the shell', async () => {
    const user = userEvent.setup();
    const fetchSpy = mockFetch({
      'GET /api/auth/TenantInfo': () => json(tenant),
      'POST /api/auth/login': () => json(loginResult),
      'GET /api/rh-app/colaborador/v2/historico-ponto': () =>
        json([{ n09_001_t: '2024-08-01T08:00:00', endereco: 'Av. Paulista, 1000' }]),
    });
    renderApp('/apps/homePage');

    await user.type(await screen.findByTestId('access-code'), 'DEMOCORP');
    await user.click(screen.getByTestId('continue'));
    expect(await screen.findByTestId('username')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/login/DEMOCORP');
    expect(screen.getByTestId('tenant-name')).toHaveTextContent('Demo Corp');

    await user.type(screen.getByTestId('username'), ' ana.souza ');
    await user.type(screen.getByTestId('password'), 'demo1234');
    await user.click(screen.getByTestId('login'));

    expect(await screen.findByTestId('home-greeting', {}, { timeout: 8000 })).toHaveTextContent('Olá, Ana Souza!');
    expect(screen.getByTestId('where')).toHaveTextContent('/apps/homePage');
    expect(await screen.findByTestId('home-mark')).toHaveTextContent('Av. Paulista, 1000');
    expect(screen.getByTestId('user-menu-name')).toHaveTextContent('Ana Souza');
    expect(screen.getByTestId('user-menu-role')).toHaveTextContent('Colaborador');
    expect(screen.getByTestId('footer-tenant')).toHaveTextContent('Demo Corp site');
    expect(screen.getByTestId('clock-open')).toBeInTheDocument();

    const loginCall = fetchSpy.mock.calls.find(([u]) => String(u).startsWith('/api/auth/login'));
    expect(JSON.parse(String(loginCall?.[1]?.body))).toMatchObject({
      accessCode: 'DEMOCORP',
      userName: 'ana.souza',
      password: 'demo1234',
    });
    expect(useSessionStore.getState().accessToken).toBe('tok-1');
  }, 30_000); // types two forms key by key: 5 to 6 s on a loaded shared machine, more when busier

  it('redirects / to the home page and keeps signed-in users off the login', async () => {
    mockFetch({ 'GET /api/rh-app/colaborador/v2/historico-ponto': () => json([]) });
    useSessionStore.getState().login(loginResult);
    renderApp('/');
    expect(await screen.findByTestId('home-greeting')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/apps/homePage');
  });

  it('opens the quick time clock from the toolbar', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/rh-app/colaborador/v2/historico-ponto': () => json([]), 'GET /api/rep/receipts': () => json([]) });
    Object.defineProperty(window.navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: vi.fn() },
    });
    useSessionStore.getState().login(loginResult);
    renderApp('/apps/homePage');
    await user.click(await screen.findByTestId('clock-open'));
    expect(await screen.findByTestId('clock-register')).toBeDisabled();
    expect(useClockStore.getState().opened).toBe(true);
  });

  it('hides the clock button without time treatment', async () => {
    mockFetch({ 'GET /api/rh-app/colaborador/v2/historico-ponto': () => json([]) });
    useSessionStore.getState().login({
      ...loginResult,
      user: { ...loginResult.user, tratamentodePonto: { semTratamentodePonto: true } },
    });
    renderApp('/apps/homePage');
    await screen.findByTestId('home-greeting');
    expect(screen.queryByTestId('clock-open')).not.toBeInTheDocument();
  });

  it('logout clears the session and returns to the company login', async () => {
    mockFetch({ 'GET /api/auth/TenantInfo': () => json(tenant) });
    useSessionStore.getState().login(loginResult);
    renderApp('/logout');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login/DEMOCORP'));
    expect(useSessionStore.getState().accessToken).toBeNull();
    expect(await screen.findByTestId('username')).toBeInTheDocument();
  });
});
