import { isVisible, permissionsOf, ROLE_PRE_ADMISSION, type Access } from '@/lib/permissions';
import type { SessionUser } from '@/lib/session-types';

export type UserMenuEntryId = 'profile' | 'changePassword' | 'colorSchemes' | 'hrSettings' | 'logout' | 'login';

/**
 * The user menu's entries and their rules (spec portal-core §2), through the permission
 * rule's reviews: My profile hidden for pwa-rh-preadm; Change password hidden for Google or
 * single-sign-on users; Color schemes and HR settings only with the Admin flag; Logout.
 * Without a role the menu offers Login only.
 */
export const USER_MENU_ACCESS: Record<Exclude<UserMenuEntryId, 'login'>, Access> = {
  profile: { review: `notRole:${ROLE_PRE_ADMISSION}` },
  changePassword: { review: 'localPassword' },
  colorSchemes: { review: 'admin' },
  hrSettings: { review: 'admin' },
  logout: {},
};

export function userMenuEntries(user: SessionUser | null | undefined): UserMenuEntryId[] {
  const p = permissionsOf(user);
  if (!user || p.roles.length === 0) return ['login'];
  return (Object.keys(USER_MENU_ACCESS) as (keyof typeof USER_MENU_ACCESS)[]).filter((id) => isVisible(USER_MENU_ACCESS[id], p));
}
