import { api } from '@/lib/api';
import type { Holiday } from './types';

/** GET rh-app/ferias/feriados?ano: the year's national, movable and tenant holidays. */
export function getHolidays(year: number, signal?: AbortSignal): Promise<Holiday[]> {
  return api.get<Holiday[]>('/api/rh-app/ferias/feriados', { query: { ano: year }, signal });
}
