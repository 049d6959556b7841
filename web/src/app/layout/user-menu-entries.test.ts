import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/session-types';
import { userMenuEntries } from './user-menu-entries';

const u = (roles: string[], extra: Partial<SessionUser> = {}): SessionUser => ({
  userName: 'u',
  accessCode: 'X',
  tenId: 't',
  hash: 'h',
  role: roles,
  roles,
  ...extra,
});

describe('user menu entries (spec portal-core §2)', () => {
  it('by role, sign-in kind and Admin flag', () => {
    expect(userMenuEntries(u(['pwa-rh-col']))).toEqual(['profile', 'changePassword', 'logout']);
    expect(userMenuEntries(u(['pwa-rh-preadm']))).toEqual(['changePassword', 'logout']);
    expect(userMenuEntries(u(['pwa-rh-col'], { isGoogle: true }))).toEqual(['profile', 'logout']);
    expect(userMenuEntries(u(['pwa-rh-col'], { isSSO: true }))).toEqual(['profile', 'logout']);
    expect(userMenuEntries(u(['pwa-rh-adm'], { flags: { Admin: true } }))).toEqual([
      'profile',
      'changePassword',
      'colorSchemes',
      'hrSettings',
      'logout',
    ]);
    expect(userMenuEntries(u([]))).toEqual(['login']);
    expect(userMenuEntries(null)).toEqual(['login']);
  });
});
