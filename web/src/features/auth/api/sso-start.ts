import { api } from '@/lib/api';

export interface SsoStartResponse {
  /** The provider's authorization URL (code flow, PKCE S256, state and nonce made by the server). */
  url: string;
}

/**
 * GET /api/auth/sso/start?accessCode=&redirectUrl= (docs/api.md, "Single sign-on").
 * redirectUrl is this app's /callback; the server keeps state, nonce and PKCE verifier.
 */
export function startSso(accessCode: string, redirectUrl: string, signal?: AbortSignal): Promise<SsoStartResponse> {
  return api.get<SsoStartResponse>('/api/auth/sso/start', {
    auth: false,
    tenant: false,
    query: { accessCode, redirectUrl },
    signal,
  });
}
