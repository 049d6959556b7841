import { environmentIdleMinutes, environmentOf } from '@/lib/environment';
import { permissionsOf, ROLE_HR_ADMIN, ROLE_KIOSK } from '@/lib/permissions';
import type { SessionUser } from '@/lib/session-types';

/** The 'still there?' countdown (spec portal-core §9). */
export const IDLE_COUNTDOWN_SECONDS = 15;

/** Idle time-outs in minutes (spec portal-core §9, the production build). */
export const IDLE_MINUTES = { kiosk: 1, admin: 90, mobileOrManager: 30, default: 10 } as const;

/** localStorage keys that override the time-outs (tests); Vite env VITE_IDLE_TIMEOUT_MS and VITE_IDLE_COUNTDOWN_S do the same per build. */
export const IDLE_TIMEOUT_KEY = 'portal-idle-timeout-ms';
export const IDLE_COUNTDOWN_KEY = 'portal-idle-countdown-s';

function readNumber(key: string, env: string | undefined): number | undefined {
  let raw: string | null | undefined;
  try {
    raw = localStorage.getItem(key);
  } catch {
    raw = null;
  }
  const value = Number(raw ?? env);
  return (raw ?? env) !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;
}

export function isMobileDevice(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}

/**
 * Minutes of inactivity before the dialog (spec §9): 30 in the test version and 15 in the
 * pre-release one (the host's environment, from userinfo), whatever the role; otherwise by
 * role: 1 for the kiosk, 90 for administrators, 30 on mobile or for managers, 10 otherwise. A
 * user holding several roles takes the first that applies in that order.
 */
export function idleMinutes(user: SessionUser | null | undefined, mobile = isMobileDevice()): number {
  const byEnvironment = environmentIdleMinutes(environmentOf(user?.environment));
  if (byEnvironment !== undefined) return byEnvironment;
  const roles = permissionsOf(user).roles;
  if (roles.includes(ROLE_KIOSK)) return IDLE_MINUTES.kiosk;
  if (roles.includes(ROLE_HR_ADMIN) || roles.includes('admin')) return IDLE_MINUTES.admin;
  if (mobile || roles.some((r) => r.endsWith('-ges'))) return IDLE_MINUTES.mobileOrManager;
  return IDLE_MINUTES.default;
}

/** Inactivity before the dialog, in milliseconds, with the test override. */
export function idleTimeoutMs(user: SessionUser | null | undefined, mobile = isMobileDevice()): number {
  return readNumber(IDLE_TIMEOUT_KEY, import.meta.env.VITE_IDLE_TIMEOUT_MS) ?? idleMinutes(user, mobile) * 60_000;
}

/** Seconds of the countdown, with the test override. */
export function idleCountdownSeconds(): number {
  return Math.round(readNumber(IDLE_COUNTDOWN_KEY, import.meta.env.VITE_IDLE_COUNTDOWN_S) ?? IDLE_COUNTDOWN_SECONDS);
}
