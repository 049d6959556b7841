// The single sign-on panel's form (spec portal-core §3): the provider's issuer and client id,
// the secret (never shown: left empty it is kept, unless the client is made public), the
// grant type count (0, 1 or 2) and whether it is enabled. The provider's rules (https, a
// reachable issuer) are the server's; its refusals land on the field they name.
import { mapErrorsToFields } from '@/lib/api';
import type { SsoConfig, SsoConfigChange } from '../api/sso-config';

export type SsoConfigField = 'issuer' | 'clientId' | 'clientSecret' | 'grantTypes';
const FIELDS: readonly SsoConfigField[] = ['issuer', 'clientId', 'clientSecret', 'grantTypes'];

export interface SsoConfigValues {
  issuer: string;
  clientId: string;
  /** A new secret; '' keeps the stored one. */
  secret: string;
  publicClient: boolean;
  /** '0', '1' or '2' (the segmented control's values). */
  grantTypes: string;
  enabled: boolean;
}

/** The form as the stored config shows it; a new config starts enabled. */
export function ssoConfigValues(c: SsoConfig): SsoConfigValues {
  return {
    issuer: c.issuer,
    clientId: c.clientId,
    secret: '',
    publicClient: c.configured && !c.hasSecret,
    grantTypes: String(c.grantTypes),
    enabled: c.configured ? c.enabled : true,
  };
}

/** What is sent: the secret only when typed, '' for a public client. */
export function ssoConfigChange(v: SsoConfigValues): SsoConfigChange {
  const change: SsoConfigChange = { issuer: v.issuer, clientId: v.clientId, grantTypes: Number(v.grantTypes), enabled: v.enabled };
  if (v.publicClient) change.clientSecret = '';
  else if (v.secret !== '') change.clientSecret = v.secret;
  return change;
}

/** The server's refusal on the fields it names (others on the issuer), as message keys. */
export function ssoConfigServerErrors(error: unknown): Partial<Record<SsoConfigField, string>> {
  return mapErrorsToFields(error, { fields: FIELDS, fallback: 'issuer', defaultMessage: 'default' });
}
