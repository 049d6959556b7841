// The browser side of single sign-on (spec portal-core §2, §4): what is kept
// between leaving for the provider and coming back to /callback, and the rules
// of the tenant's identity provider config (§3). State, nonce and the PKCE
// verifier are the server's; the browser only carries the state through.
import type { TenantInfo } from '@/lib/session-types';
import { startSsoLink, type SsoLinkIntent } from './sso-link';
import { startSso } from './sso-start';

/** The tenant's identity provider as TenantInfo shows it (spec §3). */
export interface CognitoAppIntegration {
  appClientId: string;
  /** The provider: its issuer URL. */
  cognitoDomain: string;
}

export type SsoTenantInfo = TenantInfo & { cognitoAppIntegration?: CognitoAppIntegration | null };

/** Google's issuer: a provider that is Google is offered as "sign in with Google". */
export const GOOGLE_ISSUER = 'https://accounts.google.com';

/** localStorage: the access code the login screen stores before /callback (spec §2). */
export const SSO_ACCESS_CODE_KEY = 'portal-sso-access-code';
/** sessionStorage: where to go after the sign-in (the "origin" of spec §4). */
export const SSO_ORIGIN_KEY = 'portal-sso-origin';

export const CALLBACK_PATH = '/callback';
/** sessionStorage: the profile screen's link or unlink request under way (its return to /callback). */
export const SSO_LINK_KEY = 'portal-sso-link';
/** Where a link or unlink request comes back to. */
export const PROFILE_PATH = '/pages/profile';

/** The tenant has an enabled identity provider. */
export function hasSso(tenant: TenantInfo | null | undefined): boolean {
  return Boolean((tenant as SsoTenantInfo | null | undefined)?.cognitoAppIntegration?.appClientId);
}

/** Grant type count above 0: the tenant signs in at its provider only (spec §2, §4). */
export function ssoRequired(tenant: TenantInfo | null | undefined): boolean {
  return (tenant?.cognitoGrantTypes ?? 0) > 0;
}

export function isGoogleProvider(tenant: TenantInfo | null | undefined): boolean {
  return (tenant as SsoTenantInfo | null | undefined)?.cognitoAppIntegration?.cognitoDomain === GOOGLE_ISSUER;
}

export function rememberSsoAccessCode(code: string): void {
  localStorage.setItem(SSO_ACCESS_CODE_KEY, code);
}

export function storedSsoAccessCode(): string | null {
  return localStorage.getItem(SSO_ACCESS_CODE_KEY);
}

/** Only same-app paths are kept: never a URL to another site. */
function safePath(path: string | null | undefined): string | null {
  return path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/login') && !path.startsWith(CALLBACK_PATH)
    ? path
    : null;
}

export function rememberSsoOrigin(path: string | null | undefined): void {
  const safe = safePath(path);
  if (safe) sessionStorage.setItem(SSO_ORIGIN_KEY, safe);
  else sessionStorage.removeItem(SSO_ORIGIN_KEY);
}

/** Reads and forgets the path to return to. */
export function takeSsoOrigin(): string | null {
  const path = safePath(sessionStorage.getItem(SSO_ORIGIN_KEY));
  sessionStorage.removeItem(SSO_ORIGIN_KEY);
  return path;
}

/** Leaving the app (a seam for tests: jsdom cannot navigate). */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * Starts the code flow: stores the access code and the path to return to,
 * asks the server for the authorization URL and leaves for the provider.
 * Throws the server's error (nothing is left half-done in the browser).
 */
export async function beginSso(accessCode: string, origin?: string | null): Promise<void> {
  rememberSsoAccessCode(accessCode);
  rememberSsoOrigin(origin);
  const { url } = await startSso(accessCode, `${window.location.origin}${CALLBACK_PATH}`);
  browser.assign(url);
}

/**
 * Starts linking (or unlinking) the signed-in user's identity: the provider's own sign-in
 * proves it, and /callback completes the request for this user (completeSsoLink).
 */
export async function beginSsoLink(intent: SsoLinkIntent): Promise<void> {
  sessionStorage.setItem(SSO_LINK_KEY, intent);
  try {
    const { url } = await startSsoLink(intent, `${window.location.origin}${CALLBACK_PATH}`);
    browser.assign(url);
  } catch (err) {
    sessionStorage.removeItem(SSO_LINK_KEY);
    throw err;
  }
}

/** Reads and forgets the link request under way, if any. */
export function takeSsoLink(): SsoLinkIntent | null {
  const intent = sessionStorage.getItem(SSO_LINK_KEY);
  sessionStorage.removeItem(SSO_LINK_KEY);
  return intent === 'link' || intent === 'unlink' ? intent : null;
}
