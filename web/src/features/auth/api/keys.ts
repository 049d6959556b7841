/** Query keys of the auth feature: the company of an access code, the single sign-on config and links. */
export const authKeys = {
  all: ['auth'] as const,
  /** TenantInfo of an access code (no session needed). */
  tenant: ['auth', 'tenant'] as const,
  /** The tenant's identity provider (the HR settings panel). */
  ssoConfig: ['auth', 'sso-config'] as const,
  /** The signed-in user's linked identities (the profile). */
  ssoIdentities: ['auth', 'sso-identities'] as const,
};
