// The app switcher's rules (spec portal-core §1): four apps, each shown only to a user who
// holds the matching profile key; a fifth link to an external settings page only for
// users with the cloud key when its address is configured.
import { expandAudiences, PROFILE_TYPES } from '@/lib/permissions';
import type { SessionUser } from '@/lib/session-types';

export type AppId = 'hr' | 'suppliers' | 'customers' | 'cloud';

export interface AppDef {
  id: AppId;
  /** The profile key (auth/permissions.go) the user must hold. */
  key: string;
  /** Role-set labels the app covers (i18n keys under apps:roles). */
  roles: readonly string[];
  /** The flag the app sets when chosen. */
  flag: string;
  /** Release date shown in the badge (YYYY-MM-DD). */
  released: string;
  /** Profile keys whose roles (by their prefix, lib/permissions PROFILE_TYPES) the app's role set holds. */
  roleKeys: readonly string[];
}

export const APP_SWITCHER_WIDTH = 350;

// Release dates are display-only; this product's own choice.
export const APPS: readonly AppDef[] = [
  { id: 'hr', key: 'm01_ukey', roles: ['administrator', 'manager', 'employee'], flag: 'RH', released: '2024-08-01', roleKeys: ['m01_ukey', 'o59_ukey'] },
  { id: 'suppliers', key: 'a08_ukey', roles: ['quotes', 'orders', 'prices', 'history'], flag: 'A08', released: '2024-05-15', roleKeys: ['a08_ukey'] },
  { id: 'customers', key: 'a03_ukey', roles: ['quotes', 'orders', 'purchases', 'history'], flag: 'A03', released: '2024-03-20', roleKeys: ['a03_ukey'] },
  { id: 'cloud', key: 'usr_ukeya', roles: ['updates', 'releases', 'backups', 'statistics'], flag: 'USR', released: '2024-01-10', roleKeys: ['usr_ukeya'] },
];

const CLOUD_KEY = 'usr_ukeya';

function holds(user: Pick<SessionUser, 'keys'> | null | undefined, key: string): boolean {
  const v = user?.keys?.[key];
  return typeof v === 'string' && v.trim() !== '';
}

/** The apps the user may switch to, in the spec's order. */
export function visibleApps(user: Pick<SessionUser, 'keys'> | null | undefined): AppDef[] {
  return APPS.filter((a) => holds(user, a.key));
}

/** The external settings link: only with the cloud key and a configured address. */
export function cloudSettingsUrl(
  user: Pick<SessionUser, 'keys'> | null | undefined,
  configured: string | undefined = import.meta.env.VITE_CLOUD_SETTINGS_URL,
): string | null {
  const url = configured?.trim();
  if (!url || !holds(user, CLOUD_KEY)) return null;
  return url;
}

/**
 * The app whose role set is active: the chosen one when the user holds its key, else the
 * first app the user may use (a supplier without the employee key starts in Suppliers).
 * Undefined for a user of no app.
 */
export function activeAppOf(user: Pick<SessionUser, 'keys'> | null | undefined, chosen: AppId): AppDef | undefined {
  const apps = visibleApps(user);
  return apps.find((a) => a.id === chosen) ?? apps[0];
}

/**
 * The user as the menu sees them inside an app (spec portal-core §1: "choosing an app
 * switches the active role set"): only the roles of the app's profile keys, plus the account
 * roles that belong to no profile (admin, user, the kiosk), and the audiences those imply.
 * A user of no app, or whose roles all belong to the app, is returned unchanged (keeping the
 * server's audiences).
 */
export function userInApp<U extends SessionUser>(user: U | null, chosen: AppId): U | null {
  if (!user) return user;
  const app = activeAppOf(user, chosen);
  if (!app) return user;
  const all = user.roles ?? user.role ?? [];
  const roles = all.filter((r) => {
    const profile = PROFILE_TYPES.find((p) => r.startsWith(p.prefix));
    return !profile || app.roleKeys.includes(profile.key);
  });
  if (roles.length === all.length) return user;
  return { ...user, role: roles, roles, audiences: expandAudiences(roles) };
}
