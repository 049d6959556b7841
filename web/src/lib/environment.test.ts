import { describe, expect, it } from 'vitest';
import { visibleMenu } from '@/app/menu/menu';
import { consentCookieDays, environmentOf, hostDenied } from './environment';
import { permissionsOf } from './permissions';
import type { SessionUser } from './session-types';

// The same expectations as auth/environment_test.go TestHostDenied (spec portal-core §2, §6).
describe('host environments', () => {
  it('deny what the host does not offer', () => {
    expect(hostDenied('production')).toEqual(['gridreports', 'pivottable']);
    expect(hostDenied('pre')).toEqual(['gridreports', 'pivottable']);
    expect(hostDenied('beta')).toEqual(['gridreports', 'pivottable']);
    expect(hostDenied('cloud')).toEqual(['gridreports', 'pivottable']);
    expect(hostDenied('test')).toEqual([]);
    expect(hostDenied('demo')).toEqual(['tools_015']);
  });

  it('unknown or missing environments are production', () => {
    expect(environmentOf(undefined)).toBe('production');
    expect(environmentOf('staging')).toBe('production');
    expect(environmentOf('demo')).toBe('demo');
  });

  it('the menu follows the host: pivot table on test hosts only, ombudsman never on demo', () => {
    const admin = (environment?: string): SessionUser => ({
      userName: 'helena',
      accessCode: 'X',
      tenId: 't',
      hash: 'h',
      keys: { m01_ukey: 'e' },
      roles: ['pwa-rh-adm'],
      role: ['pwa-rh-adm'],
      purchased: 'pwa-rh-dash,pwa-ouvidoria',
      deny: '',
      tratamentodePonto: { semTratamentodePonto: false },
      environment,
    });
    const ids = (u: SessionUser) => JSON.stringify(visibleMenu(u));
    expect(ids(admin())).not.toContain('"pivottable"');
    expect(ids(admin('test'))).toContain('"pivottable"');
    expect(ids(admin('test'))).toContain('"gridreports"');
    expect(ids(admin('demo'))).not.toContain('"tools_015"');
    expect(ids(admin('production'))).toContain('"tools_015"');
    expect(permissionsOf(admin('demo')).deny).toContain('tools_015');
  });

  it('cookie consent lasts 15 days on test, 60 on pre-release, 120 otherwise', () => {
    expect(consentCookieDays('test')).toBe(15);
    expect(consentCookieDays('pre')).toBe(60);
    expect(consentCookieDays('production')).toBe(120);
    expect(consentCookieDays('demo')).toBe(120);
  });
});
