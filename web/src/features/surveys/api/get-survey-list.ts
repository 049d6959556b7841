import { api } from '@/lib/api';
import type { SurveyListItem, SurveyListQuery } from './types';

/** The list path of each survey route (spec §7 GET api/avaliacao360/enps|clima|enquete). */
export type ListPath = 'enps' | 'clima' | 'enquete' | 'resultados-360' | 'pesquisas';

/** GET a survey list with folderId all and the filters, search and ordering. */
export function getSurveyList(path: ListPath, q: SurveyListQuery, signal?: AbortSignal): Promise<SurveyListItem[]> {
  return api
    .get<SurveyListItem[] | null>(`/api/avaliacao360/${path}`, {
      userHash: true,
      signal,
      query: {
        folderId: 'all',
        filterHandle: q.filterHandle,
        searchText: q.searchText || undefined,
        orderBy: q.orderBy,
        orderDescending: q.orderDescending,
      },
    })
    .then((list) => list ?? []);
}
