import { api } from '@/lib/api';
import type { LoginResult } from '@/lib/session-types';

export interface LoginRequest {
  accessCode: string;
  userName: string;
  password: string;
  redirectUrl: string;
}

/** POST /api/auth/login; failure → 401 with `[{type:"password", message:"nao_autorizado"}]`. */
export function login(body: LoginRequest): Promise<LoginResult> {
  return api.post<LoginResult>('/api/auth/login', body, { auth: false, tenant: false });
}
