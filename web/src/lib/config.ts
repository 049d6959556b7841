// Display-only build identification (spec portal-core §9: "Build version 2024.08.1691 revision 3").
export const BUILD_VERSION = '2024.08.1691';
export const BUILD_REVISION = 3;

// Cookie names and lifetimes (spec portal-core §1, §2, §9).
export const LANG_COOKIE = 'lang';
export const LANG_COOKIE_MONTHS = 24;
export const LOGIN_MODE_COOKIE = 'loginMode';
export const LOGIN_MODE_COOKIE_YEARS = 10;
export const CONSENT_COOKIE = 'cookieConsent';
// Its lifetime depends on the host's environment: lib/environment.ts consentCookieDays.

// Toasts: at most 5 stacked at the bottom right, hidden after 6 s (spec §2, §9).
export const TOAST_AUTO_CLOSE_MS = 6000;
export const TOAST_LIMIT = 5;

// Layout sizes (spec §9).
export const NAVBAR_WIDTH = 250;
export const HEADER_HEIGHT = 64;

export const HOME_PATH = '/apps/homePage';
export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/pages/errors/error-404';
