import { api } from '@/lib/api';

export interface LogoutRequest {
  refreshToken: string;
  accessCode: string;
}

/**
 * POST /api/auth/logout: the server ends the session of the refresh token (and of
 * the bearer token, when one is sent) everywhere. Always `{success:true}`.
 */
export function logout(body: LogoutRequest): Promise<{ success: boolean }> {
  return api.post<{ success: boolean }>('/api/auth/logout', body, { auth: false, tenant: false });
}
