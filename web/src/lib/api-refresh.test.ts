import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/render';
import { SESSION_STORAGE_KEY, useSessionStore } from './session-store';
import { REFRESH_MARGIN_MS, adoptNewerStoredTokens, api, freshAccessToken, refreshSession } from './api';

// A JWT-shaped token whose exp is `inSeconds` from now (the client only reads exp).
function jwt(inSeconds: number, tag = 'x'): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256' })}.${b64({ exp: Math.floor(Date.now() / 1000) + inSeconds, jti: tag })}.sig`;
}

const user = { userName: 'ana.souza', accessCode: 'DEMOCORP', tenId: 't1', hash: 'h1' };

function signIn(access: string, refresh = 'r1') {
  useSessionStore.getState().login({ user, access_token: access, refreshToken: refresh, idToken: access });
}

function bearer(init: RequestInit | undefined): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.Authorization;
}

describe('access-token refresh in the API client', () => {
  beforeEach(() => useSessionStore.getState().reset());
  afterEach(() => vi.unstubAllGlobals());

  it('refreshes a token within 60 s of expiry once for concurrent calls, then sends the new one', async () => {
    signIn(jwt(30), 'r1');
    const fresh = jwt(900, 'new');
    const spy = mockFetch({
      'POST /api/auth/refreshToken': async (_u, init) => {
        const body = JSON.parse(String(init.body));
        expect(body).toMatchObject({ refreshToken: 'r1', accessCode: 'DEMOCORP', userName: 'ana.souza' });
        expect(bearer(init)).toBeUndefined();
        await new Promise((r) => setTimeout(r, 20));
        return json({ user, access_token: fresh, refreshToken: 'r2', idToken: fresh });
      },
      'GET /api/a': () => json(1),
      'GET /api/b': () => json(2),
    });
    await Promise.all([api.get('/api/a'), api.get('/api/b'), api.get('/api/a')]);
    const refreshes = spy.mock.calls.filter(([u]) => String(u).includes('refreshToken'));
    expect(refreshes).toHaveLength(1);
    for (const [u, init] of spy.mock.calls) {
      if (!String(u).includes('refreshToken')) expect(bearer(init)).toBe(`Bearer ${fresh}`);
    }
    expect(useSessionStore.getState()).toMatchObject({ accessToken: fresh, refreshToken: 'r2' });
  });

  it('does not refresh a token with more than 60 s left', async () => {
    signIn(jwt(REFRESH_MARGIN_MS / 1000 + 120));
    const spy = mockFetch({ 'GET /api/a': () => json(1) });
    await api.get('/api/a');
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('on a 401 refreshes and retries once; the retry succeeding keeps the session', async () => {
    const old = jwt(600, 'old');
    const fresh = jwt(900, 'new');
    signIn(old);
    const spy = mockFetch({
      'POST /api/auth/refreshToken': () => json({ user, access_token: fresh, refreshToken: 'r2', idToken: fresh }),
      'GET /api/a': (_u, init) => (bearer(init) === `Bearer ${fresh}` ? json('ok') : json({ message: 'token_invalido', errors: [] }, 401)),
    });
    await expect(api.get('/api/a')).resolves.toBe('ok');
    expect(spy).toHaveBeenCalledTimes(3);
    expect(useSessionStore.getState().accessToken).toBe(fresh);
  });

  it('signs out on a 401 that the retry did not fix', async () => {
    signIn(jwt(600));
    const fresh = jwt(900, 'new');
    mockFetch({
      'POST /api/auth/refreshToken': () => json({ user, access_token: fresh, refreshToken: 'r2', idToken: fresh }),
      'GET /api/a': () => json({ message: 'token_invalido', errors: [] }, 401),
    });
    await expect(api.get('/api/a')).rejects.toMatchObject({ status: 401 });
    expect(useSessionStore.getState().accessToken).toBeNull();
    expect(useSessionStore.getState().logoutReason).toBe('token_invalido');
  });

  it('signs out when the refresh is refused (falha_ao_renovar_token)', async () => {
    signIn(jwt(10));
    mockFetch({
      'POST /api/auth/refreshToken': () =>
        json({ message: 'falha_ao_renovar_token', errors: [{ type: 'refresh', message: 'falha_ao_renovar_token' }] }, 401),
      'GET /api/a': () => json({ message: 'token_invalido', errors: [] }, 401),
    });
    await expect(refreshSession()).resolves.toBe(false);
    expect(useSessionStore.getState().user).toBeNull();
    expect(useSessionStore.getState().logoutReason).toBe('token_invalido');
  });

  it('keeps the session when the refresh fails for lack of network', async () => {
    const token = jwt(10);
    signIn(token);
    mockFetch({ 'POST /api/auth/refreshToken': () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(freshAccessToken()).resolves.toBe(token);
    expect(useSessionStore.getState().user).not.toBeNull();
  });

  it('uses tokens another tab refreshed instead of replaying the used refresh token', async () => {
    signIn(jwt(10, 'mine'), 'r1');
    const theirs = jwt(900, 'theirs');
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ state: { user, accessToken: theirs, refreshToken: 'r2', idToken: theirs }, version: 0 }),
    );
    const spy = mockFetch({ 'GET /api/a': () => json(1) });
    await api.get('/api/a');
    expect(spy).toHaveBeenCalledTimes(1); // no refresh call
    expect(bearer(spy.mock.calls[0][1])).toBe(`Bearer ${theirs}`);
    expect(useSessionStore.getState().refreshToken).toBe('r2');
    // Older tokens in storage are ignored.
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ state: { user, accessToken: jwt(5, 'old'), refreshToken: 'r0' }, version: 0 }),
    );
    expect(adoptNewerStoredTokens()).toBe(false);
    expect(useSessionStore.getState().refreshToken).toBe('r2');
  });

  it('signs out when another tab signed out', () => {
    signIn(jwt(900));
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ state: { user: null, accessToken: null }, version: 0 }));
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
    expect(useSessionStore.getState().accessToken).toBeNull();
  });
});
