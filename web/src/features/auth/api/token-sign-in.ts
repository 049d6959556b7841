import { api } from '@/lib/api';
import type { LoginResult } from '@/lib/session-types';

export interface SignInWithRefreshTokenRequest {
  username: string;
  refreshToken: string;
  accessCode: string;
  redirectUrl: string;
}

/**
 * POST /api/auth/signInWithRefreshToken (the token sign-in screen): answers like
 * login; failure → 401 `[{type:"login", message:"falha_login_token"}]`.
 */
export function signInWithRefreshToken(body: SignInWithRefreshTokenRequest): Promise<LoginResult> {
  return api.post<LoginResult>('/api/auth/signInWithRefreshToken', body, { auth: false, tenant: false });
}

export interface SignInWithTokenRequest {
  accessToken: string;
  refreshToken: string;
  accessCode: string;
  redirectUrl: string;
  idToken: string;
}

/** POST /api/auth/signInWithToken: answers like login; failure as signInWithRefreshToken. */
export function signInWithToken(body: SignInWithTokenRequest): Promise<LoginResult> {
  return api.post<LoginResult>('/api/auth/signInWithToken', body, { auth: false, tenant: false });
}
