import { describe, expect, it } from 'vitest';
import { visibleMenu } from '@/app/menu/menu';
import { expandAudiences } from '@/lib/permissions';
import type { SessionUser } from '@/lib/session-types';
import { activeAppOf, APPS, cloudSettingsUrl, userInApp, visibleApps } from './apps';

const KEYS = { hr: 'm01_ukey', suppliers: 'a08_ukey', customers: 'a03_ukey', cloud: 'usr_ukeya' } as const;
type Id = keyof typeof KEYS;
const ids = (keys: Record<string, string>) => visibleApps({ keys }).map((a) => a.id);

describe('app switcher key rules (spec portal-core §1)', () => {
  it('lists the four apps in the spec order, each with its key', () => {
    expect(APPS.map((a) => [a.id, a.key])).toEqual(Object.entries(KEYS));
    expect(APPS.find((a) => a.id === 'hr')?.roles).toEqual(['administrator', 'manager', 'employee']);
    for (const a of APPS) expect(a.released).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  // Every subset of the four keys shows exactly the apps whose key is held.
  const all = Object.keys(KEYS) as Id[];
  for (let mask = 0; mask < 16; mask++) {
    const held = all.filter((_, i) => mask & (1 << i));
    it(`keys {${held.join(',') || 'none'}} show exactly those apps`, () => {
      const keys = Object.fromEntries(held.map((id) => [KEYS[id], 'k-' + id]));
      expect(ids(keys)).toEqual(held);
    });
  }

  it('a blank key counts as not held, and an unrelated key shows nothing', () => {
    expect(ids({ m01_ukey: '  ', a10_ukey: 'x', o59_ukey: 'y' })).toEqual([]);
    expect(visibleApps(null)).toEqual([]);
    expect(visibleApps({})).toEqual([]);
  });

  it('the demo employee (HR key only) sees Human Resources only', () => {
    expect(ids({ m01_ukey: '7b1e' })).toEqual(['hr']);
  });

  it('the cloud settings link needs the cloud key and a configured address', () => {
    expect(cloudSettingsUrl({ keys: { usr_ukeya: 'c' } }, 'https://cloud.example/settings')).toBe('https://cloud.example/settings');
    expect(cloudSettingsUrl({ keys: { usr_ukeya: 'c' } }, '')).toBeNull();
    expect(cloudSettingsUrl({ keys: { usr_ukeya: 'c' } }, undefined)).toBeNull();
    expect(cloudSettingsUrl({ keys: { m01_ukey: 'e', a08_ukey: 's' } }, 'https://cloud.example/settings')).toBeNull();
  });
});

describe('the active app scopes the menu role set (spec portal-core §1)', () => {
  const user: SessionUser = {
    userName: 'ana',
    accessCode: 'X',
    tenId: 't',
    hash: 'h',
    keys: { m01_ukey: 'e', a08_ukey: 's' },
    role: ['pwa-rh-col', 'pwa-a08-ges', 'admin'],
    roles: ['pwa-rh-col', 'pwa-a08-ges', 'admin'],
    purchased: 'pwa-gen-tools,pwa-rh-ferias',
    deny: '',
    audiences: ['pwa-rh-col', 'pwa-a08-ges', 'admin', 'colRH', 'colRHAll', 'gesColCurRH', 'gesColRH', 'user'],
    tratamentodePonto: { semTratamentodePonto: false },
  };
  const groups = (u: SessionUser | null) => visibleMenu(u).map((n) => n.id);

  it('Human Resources keeps the HR roles and account roles; Suppliers the supplier ones', () => {
    expect(userInApp(user, 'hr')?.roles).toEqual(['pwa-rh-col', 'admin']);
    expect(userInApp(user, 'hr')?.audiences).toEqual(expandAudiences(['pwa-rh-col', 'admin']));
    expect(userInApp(user, 'suppliers')?.roles).toEqual(['pwa-a08-ges', 'admin']);
    expect(userInApp(user, 'suppliers')?.audiences).toEqual(['pwa-a08-ges', 'admin', 'user']);
  });

  it('switching the app changes the visible menu', () => {
    const hr = groups(userInApp(user, 'hr'));
    const suppliers = groups(userInApp(user, 'suppliers'));
    expect(hr).toContain('employee');
    expect(hr).not.toContain('suppliers');
    expect(suppliers).toContain('suppliers');
    expect(suppliers).not.toContain('employee');
  });

  it('an app the user lacks the key of falls back to the first one held', () => {
    expect(activeAppOf(user, 'cloud')?.id).toBe('hr');
    const supplierOnly = { ...user, keys: { a08_ukey: 's' } };
    expect(activeAppOf(supplierOnly, 'hr')?.id).toBe('suppliers');
    expect(userInApp(supplierOnly, 'hr')?.roles).toEqual(['pwa-a08-ges', 'admin']);
  });

  it('a user of one app, or of none, is left as the server sent it', () => {
    const hrOnly = { ...user, keys: { m01_ukey: 'e' }, roles: ['pwa-rh-col'], role: ['pwa-rh-col'] };
    expect(userInApp(hrOnly, 'hr')).toBe(hrOnly);
    const kiosk = { ...user, keys: {}, roles: ['totem-totem-totem-totem-totem'] };
    expect(userInApp(kiosk, 'suppliers')).toBe(kiosk);
    expect(userInApp(null, 'hr')).toBeNull();
  });
});
