import { useEffect, type ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LOGIN_PATH } from '@/lib/config';
import { isVisible, permissionsOf, type Access } from '@/lib/permissions';
import { selectIsAuthenticated, selectUser, useSessionStore } from '@/lib/session-store';
import { menuItemVisible } from '../menu/menu';
import { useMenuTitle } from '../menu/use-menu-title';

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
    return <Denied to={target} from={location.pathname} menuId={menuId} />;
  }
  return children ?? <Outlet />;
}

/** The notification's id: a page denied twice in a row (StrictMode, a double click) says it once. */
export const DENIED_NOTIFICATION_ID = 'route-denied';

/**
 * A refused route: the user is sent on and told why, with the page's menu title when it has
 * one; landing on the home page with no word looked like a fault (issue 29).
 */
function Denied({ to, from, menuId }: { to: string; from: string; menuId?: string }) {
  const { t } = useTranslation('navigation');
  const title = useMenuTitle();
  const page = menuId ? title(menuId) : '';
  useEffect(() => {
    notifications.show({
      id: DENIED_NOTIFICATION_ID,
      color: 'yellow',
      title: t('denied.title'),
      message: page && page !== menuId ? t('denied.page', { page }) : t('denied.other'),
    });
  }, [t, page, menuId, from]);
  return <Navigate to={to} replace state={{ deniedFrom: from }} />;
}
