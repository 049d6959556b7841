import { describe, expect, it } from 'vitest';
import { APPS, cloudSettingsUrl, visibleApps } from './apps';

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
