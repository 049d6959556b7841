import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { FullPageLoader } from '@/components/FullPageLoader';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';

/**
 * Sign-out: clears tokens and resets every store, then goes to the login of
 * the same company (spec portal-core §4).
 */
export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const { user, tenant } = useSessionStore.getState();
    const code = user?.accessCode ?? tenant?.accessCode;
    resetAllStores();
    navigate(code ? `/login/${encodeURIComponent(code)}` : '/login', { replace: true });
  }, [navigate]);
  return <FullPageLoader />;
}
