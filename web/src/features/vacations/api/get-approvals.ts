import { api } from '@/lib/api';
import type { VacationLeave } from './types';

export type ApprovalFilter = 'waiting' | 'decided' | 'all';

/** GET rh-app/ferias/aprovacoes?filterHandle: the requests whose step is the caller's (waiting), decided by them, or both. */
export function getApprovals(filterHandle: ApprovalFilter, signal?: AbortSignal): Promise<VacationLeave[]> {
  return api
    .get<{ data: VacationLeave[] }>('/api/rh-app/ferias/aprovacoes', { query: { filterHandle }, signal })
    .then((r) => r.data ?? []);
}
