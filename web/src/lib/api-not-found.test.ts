import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api';
import { isAddressNotFound, setApiNotFoundHandler } from './api-not-found';

afterEach(() => {
  setApiNotFoundHandler(null);
  vi.unstubAllGlobals();
});

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

describe('a 404 from the API (spec portal-core §7, §8)', () => {
  it('tells an unknown address from a field that names something gone', () => {
    expect(isAddressNotFound(new ApiError(404, 'nao_encontrado', [{ type: 'request', message: 'nao_encontrado' }]))).toBe(true);
    expect(isAddressNotFound(new ApiError(404, 'nao_encontrado', []))).toBe(false); // no item: not the server's answer to an address
    expect(isAddressNotFound(new ApiError(404, 'solicitacao_nao_encontrada', [{ type: 'id', message: 'solicitacao_nao_encontrada' }]))).toBe(false);
    expect(isAddressNotFound(new ApiError(403, 'acesso_negado', [{ type: 'request', message: 'acesso_negado' }]))).toBe(false);
  });

  it("calls the handler for an unknown address only, and still throws the error", async () => {
    const handler = vi.fn();
    setApiNotFoundHandler(handler);
    vi.stubGlobal('fetch', answer(404, { message: 'nao_encontrado', errors: [{ type: 'request', message: 'nao_encontrado' }] }));
    await expect(api.get('/api/nowhere', { auth: false })).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledTimes(1);
    vi.stubGlobal('fetch', answer(404, { message: 'x', errors: [{ type: 'id', message: 'x' }] }));
    await expect(api.get('/api/cac-app/request/by-id', { auth: false })).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
