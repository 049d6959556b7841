import { refreshSession } from '@/lib/api';

/**
 * Refreshes the session's tokens through the one API client (spec portal-core §4: "continue
 * refreshes the token"). Going through refreshSession matters: it rotates the refresh token
 * once for all concurrent callers and tabs; a second rotation with the old refresh token
 * would be taken for reuse and end the session.
 */
export function refreshSessionToken(): Promise<boolean> {
  return refreshSession();
}
