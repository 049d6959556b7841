import i18n from '@/i18n';
import type { SessionUser } from '@/lib/session-types';

/** Names longer than 20 characters are shortened (spec portal-core §9). */
export const NAME_MAX = 20;

export function shortName(name: string, max = NAME_MAX): string {
  const clean = name.trim().replace(/\s+/g, ' ');
  if (clean.length <= max) return clean;
  const words = clean.split(' ');
  if (words.length > 1) {
    const firstLast = `${words[0]} ${words[words.length - 1]}`;
    if (firstLast.length <= max) return firstLast;
  }
  return `${clean.slice(0, max - 1)}…`;
}

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
