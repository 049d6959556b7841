import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { HOME_PATH, LOGIN_PATH } from '@/lib/config';
import { selectIsAuthenticated, useSessionStore } from '@/lib/session-store';

/**
 * Signed-in users never see the guest-only pages. Apart from the other guards (./guards.tsx),
 * which need the menu: the login page does not load it.
 */
export function GuestRoute({ children }: { children?: ReactNode }) {
  const authenticated = useSessionStore(selectIsAuthenticated);
  const location = useLocation();
  if (authenticated) {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && !from.startsWith(LOGIN_PATH) ? from : HOME_PATH} replace />;
  }
  return children ?? <Outlet />;
}
