import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/render';
import { ApiError, NETWORK_ERROR, TIMEOUT_ERROR, api, buildUrl, errorMessageKey, mapErrorsToFields, parseErrorBody } from './api';
import { useSessionStore } from './session-store';

function signIn() {
  useSessionStore.getState().login({
    user: { userName: 'ana', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'user-hash-1' },
    access_token: 'tok-123',
  });
}

describe('api client', () => {
  beforeEach(() => useSessionStore.getState().reset());

  it('adds the bearer token, tenId and userHash', async () => {
    signIn();
    const spy = mockFetch({ 'GET /api/x': () => json([1, 2]) });
    const data = await api.get<number[]>('/api/x', { userHash: true, query: { ukey: 'k1' } });
    expect(data).toEqual([1, 2]);
    const [url, init] = spy.mock.calls[0];
    const u = new URL(String(url), 'http://localhost');
    expect(u.searchParams.get('tenId')).toBe('tenant-1');
    expect(u.searchParams.get('userHash')).toBe('user-hash-1');
    expect(u.searchParams.get('ukey')).toBe('k1');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
  });

  it('sends no token or tenant for public calls', async () => {
    signIn();
    const spy = mockFetch({ 'GET /api/auth/TenantInfo': () => json({}) });
    await api.get('/api/auth/TenantInfo', { auth: false, tenant: false, query: { accessCode: 'DEMOCORP' } });
    const [url, init] = spy.mock.calls[0];
    expect(String(url)).toBe('/api/auth/TenantInfo?accessCode=DEMOCORP');
    expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('turns the error body into an ApiError with its items', async () => {
    mockFetch({
      'POST /api/auth/login': () =>
        json({ message: 'nao_autorizado', errors: [{ type: 'password', message: 'nao_autorizado' }] }, 401),
    });
    const err = (await api.post('/api/auth/login', {}, { auth: false }).catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(401);
    expect(err.message).toBe('nao_autorizado');
    expect(err.errors).toEqual([{ type: 'password', message: 'nao_autorizado' }]);
  });

  it('a 401 on an authenticated call signs the user out', async () => {
    signIn();
    mockFetch({ 'GET /api/y': () => json({ message: 'nao_autorizado', errors: [] }, 401) });
    await expect(api.get('/api/y')).rejects.toBeInstanceOf(ApiError);
    expect(useSessionStore.getState().accessToken).toBeNull();
    expect(useSessionStore.getState().logoutReason).toBe('token_invalido');
  });

  it('reports network failures and time-outs as message keys', async () => {
    mockFetch({
      'GET /api/down': () => Promise.reject(new TypeError('Failed to fetch')),
      'GET /api/slow': (_u, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    });
    await expect(api.get('/api/down')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR });
    await expect(api.get('/api/slow', { timeoutMs: 20 })).rejects.toMatchObject({ message: TIMEOUT_ERROR });
  });

  it('reads odd error bodies and data.message', () => {
    expect(parseErrorBody(500, undefined).message).toBe('erro_interno');
    expect(parseErrorBody(422, { success: false, data: { message: 'fora_da_area' } }).message).toBe('fora_da_area');
    expect(parseErrorBody(422, { errors: [{ type: 'x', message: 'periodo_afastamento' }] }).message).toBe(
      'periodo_afastamento',
    );
    expect(errorMessageKey(new Error('boom'), 'fallback')).toBe('fallback');
  });

  it('builds query strings without empty values', () => {
    expect(buildUrl('/a', { x: 1, y: undefined, z: null, w: 'a b' })).toBe('/a?x=1&w=a+b');
    expect(buildUrl('/a', {})).toBe('/a');
  });
});

describe('mapErrorsToFields', () => {
  const fields = ['userName', 'password'] as const;

  it('puts each item on the field named by type', () => {
    const err = new ApiError(401, 'nao_autorizado', [
      { type: 'password', message: 'nao_autorizado' },
      { type: 'userName', message: 'campo_obrigatorio' },
    ]);
    expect(mapErrorsToFields(err, { fields, fallback: 'userName' })).toEqual({
      password: 'nao_autorizado',
      userName: 'campo_obrigatorio',
    });
  });

  it('follows aliases and sends unknown types to the fallback', () => {
    const err = new ApiError(401, 'x', [
      { type: 'accessCode', message: 'codigo_acesso_invalido' },
      { type: 'other', message: 'valor_invalido' },
    ]);
    expect(mapErrorsToFields(err, { fields, fallback: 'password', aliases: { accessCode: 'userName' } })).toEqual({
      userName: 'codigo_acesso_invalido',
      password: 'valor_invalido',
    });
  });

  it('uses the top-level message when there are no items, and the default for foreign errors', () => {
    expect(mapErrorsToFields(new ApiError(404, 'tenant_invalido'), { fields, fallback: 'userName' })).toEqual({
      userName: 'tenant_invalido',
    });
    expect(mapErrorsToFields(new Error('x'), { fields, fallback: 'password', defaultMessage: 'nao_autorizado' })).toEqual({
      password: 'nao_autorizado',
    });
  });

  it('keeps the first message per field', () => {
    const err = new ApiError(400, 'x', [
      { type: 'password', message: 'first' },
      { type: 'password', message: 'second' },
    ]);
    expect(mapErrorsToFields(err, { fields, fallback: 'userName' }).password).toBe('first');
  });
});
