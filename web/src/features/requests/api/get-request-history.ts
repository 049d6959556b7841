import { api } from '@/lib/api';
import type { RequestPage } from './types';

/** The history filter (docs/api.md: all | approved | rejected). */
export const HISTORY_FILTERS = ['all', 'approved', 'rejected'] as const;
export type HistoryFilter = (typeof HISTORY_FILTERS)[number];

/**
 * GET history (spec §7: page, ac4Ukey, m01Ukey, pageSize, filterHandle; page size 8): the
 * employee's closed requests of the same type as `ac4Ukey`, the request itself left out.
 */
export function getRequestHistory(
  q: { ac4Ukey: string; m01Ukey?: string; page: number; filterHandle: HistoryFilter },
  signal?: AbortSignal,
): Promise<RequestPage> {
  return api.get<RequestPage>('/api/cac-app/request/history', {
    signal,
    query: { ac4Ukey: q.ac4Ukey, m01Ukey: q.m01Ukey || undefined, page: q.page, pageSize: 8, filterHandle: q.filterHandle },
  });
}
