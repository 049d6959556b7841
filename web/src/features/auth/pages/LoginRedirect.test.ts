import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TenantInfo } from '@/lib/session-types';
import { followLoginRedirect } from './LoginPage';

const tenant = (loginRedirect: string | null): TenantInfo => ({ accessCode: 'DEMOCORP', tenantId: 't', loginRedirect });

describe('tenant login redirect (spec portal-core §2, §4)', () => {
  afterEach(() => localStorage.clear());

  it('clears local storage and goes to the other origin /login/{accessCode}', () => {
    localStorage.setItem('portal-session', '{}');
    const loc = { origin: 'http://localhost:3000', assign: vi.fn() };
    expect(followLoginRedirect(tenant('https://rh.other.example/some/path'), loc)).toBe(true);
    expect(loc.assign).toHaveBeenCalledWith('https://rh.other.example/login/DEMOCORP');
    expect(localStorage.length).toBe(0);
  });

  it('stays when the redirect is absent or has the same origin', () => {
    localStorage.setItem('portal-session', '{}');
    const loc = { origin: 'http://localhost:3000', assign: vi.fn() };
    expect(followLoginRedirect(tenant(null), loc)).toBe(false);
    expect(followLoginRedirect(tenant(''), loc)).toBe(false);
    expect(followLoginRedirect(tenant('http://localhost:3000/login'), loc)).toBe(false);
    expect(followLoginRedirect(tenant('/relative'), loc)).toBe(false);
    expect(loc.assign).not.toHaveBeenCalled();
    expect(localStorage.getItem('portal-session')).toBe('{}');
  });
});
