import { api } from '@/lib/api';
import type { LoginResult } from '@/lib/session-types';

export interface SsoCallbackRequest {
  code: string;
  state: string;
}

/**
 * POST /api/auth/sso/callback {code, state}: answers like login. A state that is
 * unknown, used or expired → 400 `[{type:"state", message:"estado_invalido"}]`
 * (spec portal-core §4, 'Invalid state'); an identity linked to no user →
 * 401 `[{type:"sso", message:"conta_nao_vinculada"}]`.
 */
export function completeSso(body: SsoCallbackRequest): Promise<LoginResult> {
  return api.post<LoginResult>('/api/auth/sso/callback', body, { auth: false, tenant: false });
}
