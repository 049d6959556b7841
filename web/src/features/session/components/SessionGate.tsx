import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSessionStore } from '@/lib/session-store';
import { getUserInfo } from '../api/get-user-info';
import { mergeUserInfo } from '../utils/merge-user';
import { Splash } from './Splash';

/** Paths where the automatic sign-in is skipped (spec portal-core §2). */
const EXTERNAL_PREFIX = '/external/';

function startsChecked(): boolean {
  const { accessToken, user } = useSessionStore.getState();
  const external = typeof window !== 'undefined' && window.location.pathname.startsWith(EXTERNAL_PREFIX);
  return !accessToken || !user || external;
}

/**
 * Session start (spec portal-core §4). A stored token (already dropped by main.tsx when
 * expired: auto-logout) is checked with GET userinfo while the splash shows: a valid one
 * signs the user in again with fresh permissions (auto-login); a 401 ends the session with
 * reason 'invalid access token' (lib/api.ts). After a sign-in, the same call brings the
 * permissions the menu is built from.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const [checked, setChecked] = useState(startsChecked);
  const checkedRef = useRef(checked);
  const token = useSessionStore((s) => s.accessToken);
  const hash = useSessionStore((s) => s.user?.hash);

  useEffect(() => {
    if (!token || !hash) {
      checkedRef.current = true;
      setChecked(true);
      return;
    }
    // Checked at start and carrying the server's permissions: nothing to do (a refreshed
    // token keeps the user as it is).
    if (checkedRef.current && Array.isArray(useSessionStore.getState().user?.audiences)) return;
    const controller = new AbortController();
    getUserInfo(controller.signal)
      .then((info) => {
        const s = useSessionStore.getState();
        if (s.user && s.accessToken === token && s.user.hash === hash) {
          useSessionStore.setState({ user: mergeUserInfo(s.user, info) });
        }
      })
      .catch(() => {
        // 401: lib/api.ts signed the user out. Anything else keeps the session as it is.
      })
      .finally(() => {
        if (controller.signal.aborted) return;
        checkedRef.current = true;
        setChecked(true);
      });
    return () => controller.abort();
  }, [token, hash]);

  if (!checked) return <Splash />;
  return children;
}
