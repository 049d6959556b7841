import { api } from '@/lib/api';

/** An identity of a provider linked to the signed-in user. */
export interface LinkedIdentity {
  issuer: string;
  subject: string;
  email: string;
  linkedAt: string;
}

export interface SsoIdentities {
  /** The issuer of the tenant's enabled provider; '' without one. */
  provider: string;
  identities: LinkedIdentity[];
}

export type SsoLinkIntent = 'link' | 'unlink';

/** GET /api/auth/sso/identities?tenId&userHash: the signed-in user's linked identities. */
export function getSsoIdentities(signal?: AbortSignal): Promise<SsoIdentities> {
  return api.get<SsoIdentities>('/api/auth/sso/identities', { userHash: true, signal });
}

/** GET /api/auth/sso/link/start: the provider's authorization URL of a link or unlink request. */
export function startSsoLink(intent: SsoLinkIntent, redirectUrl: string): Promise<{ url: string }> {
  return api.get<{ url: string }>('/api/auth/sso/link/start', { userHash: true, query: { intent, redirectUrl } });
}

/** POST /api/auth/sso/link {code, state}: completes the signed-in user's own request. */
export function completeSsoLink(body: { code: string; state: string }): Promise<SsoIdentities & { intent: SsoLinkIntent }> {
  return api.post<SsoIdentities & { intent: SsoLinkIntent }>('/api/auth/sso/link', body, { userHash: true });
}
