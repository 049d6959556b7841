import { api } from '@/lib/api';
import type { ScheduleEntry } from './types';

/** GET rh-app/colaborador/escala?yearMonth=YYYYMM: the caller's month (days, vacations, leaves). */
export function getSchedule(yearMonth: string, signal?: AbortSignal): Promise<ScheduleEntry[]> {
  return api.get<ScheduleEntry[]>('/api/rh-app/colaborador/escala', { signal, query: { yearMonth } });
}
