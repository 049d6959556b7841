import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { Route, Routes, useLocation } from 'react-router-dom';
import { useSessionStore } from '@/lib/session-store';
import { renderWithProviders } from '@/test/render';
import { RouteAccess, saveRedirectUrl } from './guards';

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname}</div>;
}

function renderAt(route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/apps/dashboards2" element={<RouteAccess menuId="dashboards2">admin dashboard</RouteAccess>} />
        <Route path="/apps/dashboards0" element={<RouteAccess menuId="dashboards0">employee dashboard</RouteAccess>} />
        <Route path="/apps/rh/escala" element={<RouteAccess menuId="rh_002_04">schedule</RouteAccess>} />
        <Route path="/admin-only" element={<RouteAccess access={{ review: 'admin' }}>admin page</RouteAccess>} />
        <Route path="*" element={<div>elsewhere</div>} />
      </Routes>
      <Where />
    </>,
    { route },
  );
}

function signIn(roles: string[], extra = {}) {
  useSessionStore.getState().login({
    user: {
      userName: 'u',
      accessCode: 'X',
      tenId: 't',
      hash: 'h',
      role: roles,
      roles,
      tratamentodePonto: { semTratamentodePonto: false },
      ...extra,
    },
    access_token: 'tok',
  });
}

describe('route access guard (spec portal-core §6)', () => {
  afterEach(() => {
    // Sign out first: the still mounted guard re-renders as a guest and saves its path.
    act(() => useSessionStore.getState().reset());
    act(() => notifications.clean());
    sessionStorage.clear();
  });

  it('sends a guest to /login keeping the path', () => {
    renderAt('/apps/dashboards0?x=1');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/login$/);
    expect(sessionStorage.getItem('portal-redirect-url')).toBe('/apps/dashboards0?x=1');
  });

  it('lets the rule decide: allowed routes render', () => {
    signIn(['pwa-rh-col']);
    renderAt('/apps/dashboards0');
    expect(screen.getByText('employee dashboard')).toBeInTheDocument();
  });

  it('sends a refused user to "/" without a saved URL, and says why', async () => {
    signIn(['pwa-rh-col']);
    renderAt('/apps/dashboards2');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    // Translated (pt by default), naming the page by its menu title (issue 29).
    expect(await screen.findByText('Acesso negado')).toBeInTheDocument();
    expect(screen.getByText('Seu perfil não tem acesso a “Painel do administrador”. Você voltou para o início.')).toBeInTheDocument();
  });

  it('sends a refused user to the saved redirect URL', () => {
    signIn(['pwa-rh-col']);
    saveRedirectUrl('/apps/rh/escala');
    renderAt('/apps/dashboards2');
    expect(screen.getByText('schedule')).toBeInTheDocument();
  });

  it('checks a route of its own: the Admin flag review', () => {
    signIn(['pwa-rh-adm']);
    const first = renderAt('/admin-only');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    first.unmount();
    signIn(['pwa-rh-adm'], { flags: { Admin: true } });
    renderAt('/admin-only');
    expect(screen.getByText('admin page')).toBeInTheDocument();
  });
});
