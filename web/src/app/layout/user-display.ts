import i18n from '@/i18n';
import { shortDisplayName } from '@/lib/banner-text';
import type { SessionUser } from '@/lib/session-types';

/** Names longer than 20 characters are shortened (spec portal-core §9), as in the banner. */
export const shortName = shortDisplayName;

/** Initials: first letters of the first and last name. */
export function initialsOf(user: Pick<SessionUser, 'initials' | 'displayName' | 'userName'>): string {
  if (user.initials) return user.initials.toUpperCase();
  const words = (user.displayName || user.userName || '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0][0];
  const last = words.length > 1 ? words[words.length - 1][0] : '';
  return `${first}${last}`.toUpperCase();
}

/** The role label is the first role, translated; unknown roles show as they are. */
export function roleLabel(user: Pick<SessionUser, 'role' | 'roles'>): string {
  const role = user.role?.[0] ?? user.roles?.[0] ?? 'guest';
  const key = `roles.${role}`;
  return i18n.exists(key, { ns: 'common' }) ? i18n.t(key as 'roles.guest', { ns: 'common' }) : role;
}
