import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { FullPageLoader } from '@/components/FullPageLoader';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { logout } from '../api/logout';

/**
 * Sign-out: ends the session on the server (its refresh and access tokens are
 * refused everywhere from then on), clears tokens and resets every store, then
 * goes to the login of the same company (spec portal-core §4).
 */
export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const { user, tenant, refreshToken } = useSessionStore.getState();
    const code = user?.accessCode ?? tenant?.accessCode;
    // Fire and forget: signing out never waits for, or fails with, the server.
    if (refreshToken && code) void logout({ refreshToken, accessCode: code }).catch(() => undefined);
    resetAllStores();
    navigate(code ? `/login/${encodeURIComponent(code)}` : '/login', { replace: true });
  }, [navigate]);
  return <FullPageLoader />;
}
