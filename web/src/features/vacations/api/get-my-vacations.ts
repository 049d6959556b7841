import { api } from '@/lib/api';
import type { MyVacations } from './types';

/** GET rh-app/ferias/minhas: periods, balance, requests, plans and alerts (the caller's, or m01Ukey's for their manager or HR). */
export function getMyVacations(m01Ukey?: string, signal?: AbortSignal): Promise<MyVacations> {
  return api.get<MyVacations>('/api/rh-app/ferias/minhas', { query: { m01Ukey }, signal });
}
