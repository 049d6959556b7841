import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY, checkStoredSession, selectIsAuthenticated, tokenExpiry, useSessionStore } from './session-store';
import type { LoginResult } from './session-types';

const result: LoginResult = {
  user: {
    userName: 'ana.souza',
    accessCode: 'DEMOCORP',
    tenId: '11111111-1111-1111-1111-111111111111',
    hash: 'hash-ana',
    displayName: 'Ana Souza',
  },
  access_token: 'access-1',
  refreshToken: 'refresh-1',
  idToken: 'id-1',
};

function jwtWithExp(exp: number): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'none' })}.${b64({ sub: 'x', exp })}.sig`;
}

describe('session store', () => {
  beforeEach(() => useSessionStore.getState().reset());

  it('login stores the user and the tokens, and persists them in localStorage', () => {
    useSessionStore.getState().login(result);
    const s = useSessionStore.getState();
    expect(s.user?.displayName).toBe('Ana Souza');
    expect(s.accessToken).toBe('access-1');
    expect(s.refreshToken).toBe('refresh-1');
    expect(s.idToken).toBe('id-1');
    expect(selectIsAuthenticated(s)).toBe(true);

    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}');
    expect(stored.state.accessToken).toBe('access-1');
    expect(stored.state.user.hash).toBe('hash-ana');
  });

  it('reset clears user, tokens and tenant (memory and storage)', () => {
    useSessionStore.getState().setTenant({ accessCode: 'DEMOCORP', tenantId: 't' });
    useSessionStore.getState().login(result);
    useSessionStore.getState().reset('token_invalido');
    const s = useSessionStore.getState();
    expect(s.user).toBeNull();
    expect(s.accessToken).toBeNull();
    expect(s.refreshToken).toBeNull();
    expect(s.tenant).toBeNull();
    expect(s.logoutReason).toBe('token_invalido');
    expect(selectIsAuthenticated(s)).toBe(false);
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}');
    expect(stored.state.accessToken).toBeNull();
  });

  it('reads the expiry of a JWT and ignores opaque tokens', () => {
    expect(tokenExpiry(jwtWithExp(1_700_000_000))?.getTime()).toBe(1_700_000_000_000);
    expect(tokenExpiry('opaque-token')).toBeUndefined();
  });

  it('drops an expired stored token at start-up and keeps a valid one', () => {
    const now = new Date('2024-08-01T12:00:00Z');
    useSessionStore.getState().login({ ...result, access_token: jwtWithExp(now.getTime() / 1000 + 60) });
    checkStoredSession(now);
    expect(useSessionStore.getState().accessToken).not.toBeNull();

    useSessionStore.getState().login({ ...result, access_token: jwtWithExp(now.getTime() / 1000 - 1) });
    checkStoredSession(now);
    expect(useSessionStore.getState().accessToken).toBeNull();
    expect(useSessionStore.getState().logoutReason).toBe('token_expirado');
  });
});
