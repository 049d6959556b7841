import { api } from '@/lib/api';
import type { LoginResult } from '@/lib/session-types';

export interface LoginRequest {
  accessCode: string;
  userName: string;
  password: string;
  redirectUrl: string;
}

/** The NEW_PASSWORD_REQUIRED challenge a sign-in may answer with (spec portal-core §4). */
export interface AuthChallenge {
  challengeName: string;
  session: string;
  userHash: string;
  userName: string;
}

/** A sign-in's answer: the user and tokens, or only the challenge. */
export type LoginAnswer = LoginResult | { authResponse: AuthChallenge };

export function isChallenge(answer: LoginAnswer): answer is { authResponse: AuthChallenge } {
  return 'authResponse' in answer && Boolean(answer.authResponse);
}

/**
 * POST /api/auth/login; failure → 401 with `[{type:"password", message:"nao_autorizado"}]`;
 * a user who must choose a new password gets `{authResponse:{challengeName:"NEW_PASSWORD_REQUIRED", …}}`.
 */
export function login(body: LoginRequest): Promise<LoginAnswer> {
  return api.post<LoginAnswer>('/api/auth/login', body, { auth: false, tenant: false });
}
