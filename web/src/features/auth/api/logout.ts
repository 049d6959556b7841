import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';

export interface LogoutRequest {
  refreshToken: string;
  accessCode: string;
  /** The app's login page, where the identity provider sends the browser after its sign-out. */
  redirectUrl?: string;
}

export interface LogoutAnswer {
  success: boolean;
  /** The identity provider's end-session address, for a single sign-on session (spec §4). */
  logoutUrl?: string;
}

/**
 * POST /api/auth/logout: the server ends the session of the refresh token (and of
 * the bearer token, when one is sent) everywhere. Always `{success:true}`, plus
 * `logoutUrl` when the session came through a provider that announces one.
 */
export function logout(body: LogoutRequest, ctx?: CommandContext): Promise<LogoutAnswer> {
  return api.post<LogoutAnswer>('/api/auth/logout', body, { auth: false, tenant: false, idempotencyKey: ctx?.idempotencyKey });
}
