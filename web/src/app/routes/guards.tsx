import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LOGIN_PATH } from '@/lib/config';
import { isVisible, permissionsOf, type Access } from '@/lib/permissions';
import { selectIsAuthenticated, selectUser, useSessionStore } from '@/lib/session-store';
import { menuItemVisible } from '../menu/menu';

/** Where a refused route sends the user when no redirect URL was saved (spec §6). */
export const DEFAULT_REDIRECT = '/';
const REDIRECT_KEY = 'portal-redirect-url';

/** Saves the URL the guard sends a refused user to (the path a guest asked for). */
export function saveRedirectUrl(url: string): void {
  try {
    sessionStorage.setItem(REDIRECT_KEY, url);
  } catch {
    // storage unavailable: '/' is used
  }
}

/** The saved redirect URL, forgotten once read. */
export function takeRedirectUrl(): string | null {
  try {
    const url = sessionStorage.getItem(REDIRECT_KEY);
    sessionStorage.removeItem(REDIRECT_KEY);
    return url;
  } catch {
    return null;
  }
}

function currentPath(location: { pathname: string; search: string; hash: string }) {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** A guest goes to /login, keeping the path asked for (saved too, for after the sign-in). */
function ToLogin() {
  const from = currentPath(useLocation());
  saveRedirectUrl(from);
  return <Navigate to={LOGIN_PATH} replace state={{ from }} />;
}

/** Guests are sent to /login, keeping the path they asked for (spec portal-core §6). */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const authenticated = useSessionStore(selectIsAuthenticated);
  if (!authenticated) return <ToLogin />;
  return children ?? <Outlet />;
}

export { GuestRoute } from './GuestRoute';

interface RouteAccessProps {
  /** The menu item whose entry the route belongs to: the route needs what the entry needs. */
  menuId?: string;
  /** Or the route's own requirement (roles, access id, id, review). */
  access?: Access;
  children?: ReactNode;
}

/**
 * The route access guard (spec portal-core §6): the route's access is checked with the same
 * rule as the menu (role, purchased list, deny list, dynamic access, extra review). A guest
 * goes to /login keeping the path; a signed-in user who is refused goes to the saved
 * redirect URL, or '/'.
 */
export function RouteAccess({ menuId, access, children }: RouteAccessProps) {
  const authenticated = useSessionStore(selectIsAuthenticated);
  const user = useSessionStore(selectUser);
  const location = useLocation();
  if (!authenticated) return <ToLogin />;
  const p = permissionsOf(user);
  const allowed = (menuId === undefined || menuItemVisible(menuId, p)) && (access === undefined || isVisible(access, p));
  if (!allowed) {
    const saved = takeRedirectUrl();
    const target = saved && saved !== currentPath(location) && !saved.startsWith(LOGIN_PATH) ? saved : DEFAULT_REDIRECT;
    return <Navigate to={target} replace state={{ deniedFrom: location.pathname }} />;
  }
  return children ?? <Outlet />;
}
