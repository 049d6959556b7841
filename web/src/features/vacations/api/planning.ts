import { api } from '@/lib/api';
import type { Planning, VacationScope } from './types';

/** GET rh-app/ferias/planejamento: the team and its planned periods of a year. */
export function getPlanning(ano: number, escopo: VacationScope, departamento?: string, signal?: AbortSignal): Promise<Planning> {
  return api.get<Planning>('/api/rh-app/ferias/planejamento', { query: { ano, escopo, departamento }, signal });
}

/** POST rh-app/ferias/planejamento: places a planned period for a team member. */
export function addPlan(m01Ukey: string, inicio: string, dias: number): Promise<string> {
  return api.post<{ data: { id: string } }>('/api/rh-app/ferias/planejamento', { m01Ukey, inicio, dias }).then((r) => r.data.id);
}

/** DELETE rh-app/ferias/planejamento: takes a planned period off. */
export function removePlan(id: string, m01Ukey: string): Promise<void> {
  return api.delete<unknown>('/api/rh-app/ferias/planejamento', { query: { id, m01Ukey } }).then(() => undefined);
}
