import { api } from '@/lib/api';
import type { PersonRow } from './types';

/** GET rh-app/colaborador/aniversariantes?month: the current employees born in that month (1..12). */
export function getBirthdays(month: number, signal?: AbortSignal): Promise<PersonRow[]> {
  return api.get<PersonRow[]>('/api/rh-app/colaborador/aniversariantes', { signal, userHash: true, query: { month } });
}
