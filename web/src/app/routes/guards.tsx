import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { HOME_PATH, LOGIN_PATH } from '@/lib/config';
import { selectIsAuthenticated, useSessionStore } from '@/lib/session-store';

/** Guests are sent to /login, keeping the path they asked for (spec portal-core §6). */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const authenticated = useSessionStore(selectIsAuthenticated);
  const location = useLocation();
  if (!authenticated) {
    return (
      <Navigate to={LOGIN_PATH} replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />
    );
  }
  return children ?? <Outlet />;
}

/** Signed-in users never see the guest-only pages. */
export function GuestRoute({ children }: { children?: ReactNode }) {
  const authenticated = useSessionStore(selectIsAuthenticated);
  const location = useLocation();
  if (authenticated) {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && !from.startsWith(LOGIN_PATH) ? from : HOME_PATH} replace />;
  }
  return children ?? <Outlet />;
}
