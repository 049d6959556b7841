import { api } from '@/lib/api';
import type { DayView } from './types';

/** GET rh-app/colaborador/ponto-dia: the caller's day as adjusted, its abonos and adjustment requests. */
export function getDay(data?: string, signal?: AbortSignal): Promise<DayView> {
  return api.get<DayView>('/api/rh-app/colaborador/ponto-dia', { query: { data: data || undefined }, userHash: true, signal });
}
