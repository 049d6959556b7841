import { api } from '@/lib/api';
import type { RequestWithActions } from './types';

/** GET request by id (spec §7: tenId, id), with what the caller may do. 404 solicitacao_nao_encontrada. */
export function getRequest(id: string, signal?: AbortSignal): Promise<RequestWithActions> {
  return api.get<RequestWithActions>('/api/cac-app/request/by-id', { signal, query: { id } });
}
