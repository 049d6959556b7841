import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/session-types';
import { IDLE_COUNTDOWN_KEY, IDLE_TIMEOUT_KEY, idleCountdownSeconds, idleMinutes, idleTimeoutMs } from './idle-timeout';

const user = (roles: string[]): SessionUser => ({ userName: 'u', accessCode: 'X', tenId: 't', hash: 'h', role: roles, roles });

describe('idle time-outs (spec portal-core §9)', () => {
  it('by role and device', () => {
    expect(idleMinutes(user(['pwa-rh-col']), false)).toBe(10);
    expect(idleMinutes(user(['pwa-rh-col']), true)).toBe(30);
    expect(idleMinutes(user(['pwa-rh-ges', 'pwa-rh-col']), false)).toBe(30);
    expect(idleMinutes(user(['pwa-rh-adm', 'pwa-rh-col']), false)).toBe(90);
    expect(idleMinutes(user(['pwa-rh-adm']), true)).toBe(90);
    expect(idleMinutes(user(['totem-totem-totem-totem-totem']), true)).toBe(1);
    expect(idleMinutes(null, false)).toBe(10);
  });

  it('the test and pre-release versions (the host environment) set one time-out for every role', () => {
    const on = (roles: string[], environment: string) => ({ ...user(roles), environment });
    for (const roles of [['pwa-rh-col'], ['pwa-rh-adm'], ['totem-totem-totem-totem-totem'], ['pwa-rh-ges']]) {
      expect(idleMinutes(on(roles, 'test'), false)).toBe(30);
      expect(idleMinutes(on(roles, 'pre'), true)).toBe(15);
    }
    // Other environments keep the role's.
    expect(idleMinutes(on(['pwa-rh-adm'], 'demo'), false)).toBe(90);
    expect(idleMinutes(on(['totem-totem-totem-totem-totem'], 'production'), false)).toBe(1);
    expect(idleMinutes(on(['pwa-rh-col'], 'unheard-of'), false)).toBe(10);
  });

  it('can be overridden for tests', () => {
    expect(idleTimeoutMs(user(['pwa-rh-col']), false)).toBe(600_000);
    expect(idleCountdownSeconds()).toBe(15);
    localStorage.setItem(IDLE_TIMEOUT_KEY, '1500');
    localStorage.setItem(IDLE_COUNTDOWN_KEY, '3');
    expect(idleTimeoutMs(user(['pwa-rh-col']), false)).toBe(1500);
    expect(idleCountdownSeconds()).toBe(3);
    localStorage.setItem(IDLE_TIMEOUT_KEY, 'nonsense');
    expect(idleTimeoutMs(user(['pwa-rh-col']), false)).toBe(600_000);
  });
});
