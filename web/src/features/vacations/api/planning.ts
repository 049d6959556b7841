import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import type { Planning, VacationScope } from './types';

/** GET rh-app/ferias/planejamento: the team and its planned periods of a year. */
export function getPlanning(ano: number, escopo: VacationScope, departamento?: string, signal?: AbortSignal): Promise<Planning> {
  return api.get<Planning>('/api/rh-app/ferias/planejamento', { query: { ano, escopo, departamento }, signal });
}

/** POST rh-app/ferias/planejamento: places a planned period for a team member. */
export function addPlan(v: { m01Ukey: string; inicio: string; dias: number }, ctx?: CommandContext): Promise<string> {
  return api
    .post<{ data: { id: string } }>('/api/rh-app/ferias/planejamento', v, { idempotencyKey: ctx?.idempotencyKey })
    .then((r) => r.data.id);
}

/** DELETE rh-app/ferias/planejamento: takes a planned period off. */
export function removePlan(v: { id: string; m01Ukey: string }, ctx?: CommandContext): Promise<void> {
  return api.delete<unknown>('/api/rh-app/ferias/planejamento', { query: v, idempotencyKey: ctx?.idempotencyKey }).then(() => undefined);
}
