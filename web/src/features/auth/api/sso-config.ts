import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';

/** The tenant's identity provider as the administration panel shows it (never the secret). */
export interface SsoConfig {
  issuer: string;
  clientId: string;
  hasSecret: boolean;
  grantTypes: number;
  enabled: boolean;
  configured: boolean;
}

/** A change; clientSecret undefined keeps the stored secret, '' makes the client public. */
export interface SsoConfigChange {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  grantTypes: number;
  enabled: boolean;
}

/** GET /api/auth/sso/config?tenId (users with the Admin flag; docs/api.md). */
export function getSsoConfig(signal?: AbortSignal): Promise<SsoConfig> {
  return api.get<SsoConfig>('/api/auth/sso/config', { signal });
}

/** PUT /api/auth/sso/config?tenId: 400 on a malformed field, 422 when the provider cannot be reached. */
export function saveSsoConfig(change: SsoConfigChange, ctx?: CommandContext): Promise<SsoConfig> {
  return api.put<SsoConfig>('/api/auth/sso/config', change, { idempotencyKey: ctx?.idempotencyKey });
}
