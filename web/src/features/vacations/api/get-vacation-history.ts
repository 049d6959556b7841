import { api } from '@/lib/api';
import type { VacationLeave } from './types';

/** GET rh-app/ferias/historico: every request of the employee, newest first. */
export function getVacationHistory(m01Ukey?: string, signal?: AbortSignal): Promise<VacationLeave[]> {
  return api.get<{ data: VacationLeave[] }>('/api/rh-app/ferias/historico', { query: { m01Ukey }, signal }).then((r) => r.data ?? []);
}
