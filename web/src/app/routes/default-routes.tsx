import { useEffect } from 'react';
import { Navigate, Route, useNavigate } from 'react-router-dom';
import { setApiNotFoundHandler } from '@/lib/api-not-found';
import { NOT_FOUND_PATH } from '@/lib/config';
import { selectUser, useSessionStore } from '@/lib/session-store';

/** The manager area's default child (spec portal-core §2, portal-business §2). */
export const MANAGER_DEFAULT = '/apps/gestor-rh/aprovacao-ferias';
/** The employee area's default (spec portal-core §2: "/apps/rh, default goes to /apps/dashboards"). */
export const EMPLOYEE_DEFAULT = '/apps/dashboards';

/**
 * /apps/dashboards has no screen of its own in the spec, only dashboards0 (employee), 1
 * (manager) and 2 (admin): it opens the widest one the user's role has.
 */
export function dashboardFor(roles: readonly string[]): string {
  if (roles.includes('pwa-rh-adm')) return '/apps/dashboards2';
  if (roles.includes('pwa-rh-ges')) return '/apps/dashboards1';
  return '/apps/dashboards0';
}

function DashboardDefault() {
  const user = useSessionStore(selectUser);
  return <Navigate to={dashboardFor(user?.roles ?? user?.role ?? [])} replace />;
}

/** The redirects to a default child. Call inside the signed-in layout route. */
export function defaultChildRoutes() {
  return [
    <Route key="gestor-rh" path="/apps/gestor-rh" element={<Navigate to={MANAGER_DEFAULT} replace />} />,
    <Route key="rh" path="/apps/rh" element={<Navigate to={EMPLOYEE_DEFAULT} replace />} />,
    <Route key="dashboards" path={EMPLOYEE_DEFAULT} element={<DashboardDefault />} />,
  ];
}

/** While signed in, a 404 of an API address sends the browser to the 404 page. */
export function ApiNotFoundRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setApiNotFoundHandler(() => navigate(NOT_FOUND_PATH));
    return () => setApiNotFoundHandler(null);
  }, [navigate]);
  return null;
}
