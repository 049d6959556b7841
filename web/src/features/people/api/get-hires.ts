import { api } from '@/lib/api';
import type { PersonRow } from './types';

/** GET rh-app/colaborador/admitidos-mes?yearMonth=YYYYMM: the employees hired in that month. */
export function getHires(yearMonth: string, signal?: AbortSignal): Promise<PersonRow[]> {
  return api.get<PersonRow[]>('/api/rh-app/colaborador/admitidos-mes', { signal, userHash: true, query: { yearMonth } });
}
