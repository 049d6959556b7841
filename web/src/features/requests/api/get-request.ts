import { api } from '@/lib/api';
import type { Request } from './types';

/** GET request by id (spec §7: tenId, id). 404 solicitacao_nao_encontrada. */
export function getRequest(id: string, signal?: AbortSignal): Promise<Request> {
  return api.get<Request>('/api/cac-app/request/by-id', { signal, query: { id } });
}
