import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { FullPageLoader } from '@/components/FullPageLoader';
import { useCommand } from '@/lib/query';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { logout } from '../api/logout';
import { browser } from '../api/sso-flow';

/**
 * Sign-out (spec portal-core §4): ends the session on the server (its refresh and access
 * tokens are refused everywhere from then on), clears tokens and resets every store. A
 * single sign-on user then goes to the identity provider's logout address when the server
 * knows one — otherwise the provider's own session would sign a tenant that signs in through
 * it straight back in — and comes back to the login of the same company; everyone else goes
 * there at once.
 */
export function LogoutPage() {
  const navigate = useNavigate();
  // The command outlives the reset of the stores (and of the query cache) that follows it.
  const { mutateAsync: endSession } = useCommand(logout);
  useEffect(() => {
    const { user, tenant, refreshToken } = useSessionStore.getState();
    const code = user?.accessCode ?? tenant?.accessCode;
    const loginPath = code ? `/login/${encodeURIComponent(code)}` : '/login';
    const ending =
      refreshToken && code
        ? endSession({ refreshToken, accessCode: code, redirectUrl: window.location.origin + loginPath })
        : null;
    resetAllStores();
    const toLogin = () => navigate(loginPath, { replace: true });
    if (!ending || !user?.isSSO) {
      // Fire and forget: a password sign-out never waits for, or fails with, the server.
      void ending?.catch(() => undefined);
      toLogin();
      return;
    }
    ending.then((answer) => (answer.logoutUrl ? browser.assign(answer.logoutUrl) : toLogin()), toLogin);
    // Once, as the page opens (a second run finds the session gone).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [navigate]);
  return <FullPageLoader />;
}
