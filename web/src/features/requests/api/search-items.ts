import { api } from '@/lib/api';

/** A catalogue item (§3 item type in tipoItem). */
export interface CatalogueItem {
  itemId: string;
  codigo: string;
  descricao: string;
  tipoItem: number;
  unidade: string;
}

/** GET api/cac-app/request/itemSearch (spec §7: userHash, tenId, searchQuery, page, ignoreIds). */
export function searchItems(searchQuery: string, ignoreIds: string[], signal?: AbortSignal): Promise<CatalogueItem[]> {
  return api
    .get<{ data?: CatalogueItem[] } | null>('/api/cac-app/request/itemSearch', {
      signal,
      userHash: true,
      query: { searchQuery: searchQuery || undefined, page: 1, ignoreIds: ignoreIds.length ? ignoreIds.join(',') : undefined },
    })
    .then((r) => r?.data ?? []);
}
