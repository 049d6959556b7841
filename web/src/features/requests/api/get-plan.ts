import { api } from '@/lib/api';
import type { Instalment, OtherRequest, Share } from './types';

/** GET api/cac-app/pedidocompra/parcelas with origem, origemId (spec §7): a purchase's instalments. */
export function getInstalments(origem: number, origemId: string, signal?: AbortSignal): Promise<Instalment[]> {
  return api.get<Instalment[] | null>('/api/cac-app/pedidocompra/parcelas', { signal, query: { origem, origemId } }).then((r) => r ?? []);
}

/** GET api/cac-app/crd with origem, origemId (spec §7): the request's split over cost and result centres. */
export function getApportionment(origem: number, origemId: string, signal?: AbortSignal): Promise<Share[]> {
  return api.get<Share[] | null>('/api/cac-app/crd', { signal, query: { origem, origemId } }).then((r) => r ?? []);
}

/** GET api/cac-app/request/others with id (docs/api.md): the same person's other open requests. */
export function getOtherRequests(id: string, signal?: AbortSignal): Promise<OtherRequest[]> {
  return api.get<OtherRequest[] | null>('/api/cac-app/request/others', { signal, query: { id } }).then((r) => r ?? []);
}
