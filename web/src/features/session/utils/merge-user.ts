import type { SessionUser } from '@/lib/session-types';

/**
 * The session user after GET userinfo: the server's fields win, except the sign-in facts
 * only the sign-in knows (Google or single sign-on).
 */
export function mergeUserInfo(prev: SessionUser, info: SessionUser): SessionUser {
  return {
    ...prev,
    ...info,
    isGoogle: Boolean(info.isGoogle || prev.isGoogle),
    isSSO: Boolean(info.isSSO || prev.isSSO),
  };
}
