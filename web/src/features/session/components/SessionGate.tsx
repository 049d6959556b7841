import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSessionStore } from '@/lib/session-store';
import { sessionQueries } from '../api/queries';
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
  // Whether the session of the page's start was checked (true at once without one).
  const [checked, setChecked] = useState(startsChecked);
  const token = useSessionStore((s) => s.accessToken);
  const hash = useSessionStore((s) => s.user?.hash);
  const hasPermissions = useSessionStore((s) => Array.isArray(s.user?.audiences));
  const signedIn = Boolean(token && hash);
  // Read at start, and after a sign-in (whose user lacks the server's permissions); a
  // refreshed token keeps the user as it is.
  const info = useQuery({ ...sessionQueries.userInfo(hash ?? ''), enabled: signedIn && (!checked || !hasPermissions) });

  useEffect(() => {
    const s = useSessionStore.getState();
    if (info.data && s.user && s.user.hash === hash) useSessionStore.setState({ user: mergeUserInfo(s.user, info.data) });
  }, [info.data, hash]);

  // A 401 signed the user out (lib/api.ts); any other failure keeps the session as it is.
  if (!checked && (!signedIn || info.isFetched)) setChecked(true);
  if (!checked) return <Splash />;
  return children;
}
