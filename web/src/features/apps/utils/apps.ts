// The app switcher's rules (spec portal-core §1): four apps, each shown only to a user who
// holds the matching profile key; a fifth link to an external settings page only for
// users with the cloud key when its address is configured.
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
}

export const APP_SWITCHER_WIDTH = 350;

// Release dates are display-only; this product's own choice.
export const APPS: readonly AppDef[] = [
  { id: 'hr', key: 'm01_ukey', roles: ['administrator', 'manager', 'employee'], flag: 'RH', released: '2024-08-01' },
  { id: 'suppliers', key: 'a08_ukey', roles: ['quotes', 'orders', 'prices', 'history'], flag: 'A08', released: '2024-05-15' },
  { id: 'customers', key: 'a03_ukey', roles: ['quotes', 'orders', 'purchases', 'history'], flag: 'A03', released: '2024-03-20' },
  { id: 'cloud', key: 'usr_ukeya', roles: ['updates', 'releases', 'backups', 'statistics'], flag: 'USR', released: '2024-01-10' },
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
