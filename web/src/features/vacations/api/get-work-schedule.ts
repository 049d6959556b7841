import { api } from '@/lib/api';
import type { MonthSchedule } from './types';

/** GET rh-app/colaborador/escala-mes-descricao?yearMonth=YYYYMM&m01Ukey: the employee's month, day by day. */
export function getWorkSchedule(yearMonth: string, m01Ukey?: string, signal?: AbortSignal): Promise<MonthSchedule> {
  return api.get<MonthSchedule>('/api/rh-app/colaborador/escala-mes-descricao', { query: { yearMonth, m01Ukey }, signal });
}
