import { api } from '@/lib/api';
import type { ListScope } from '../utils/paths';
import type { RequestPage, RequestSource } from './types';

export interface RequestListQuery {
  source: RequestSource;
  scope: ListScope;
  page: number;
  pageSize: number;
  /** Acting for a team member: that member's key (spec §6). */
  m01Ukey?: string;
}

/**
 * GET api/cac-app/request (spec §7: m01Ukey, tenId, filterHandle, historyFilterHandle, labelId,
 * source, types): one page of a list. Folders and filters are both the server's filterHandle;
 * a label lists the label across all folders.
 */
export function getRequests(q: RequestListQuery, signal?: AbortSignal): Promise<RequestPage> {
  return api.get<RequestPage>('/api/cac-app/request', {
    signal,
    query: {
      source: q.source,
      filterHandle: q.scope.kind === 'label' ? 'all' : q.scope.id,
      labelId: q.scope.kind === 'label' ? q.scope.id : undefined,
      m01Ukey: q.m01Ukey || undefined,
      page: q.page,
      pageSize: q.pageSize,
    },
  });
}
