import { api } from '@/lib/api';

/** PUT rh-app/cerca/adm/:id/atribuicao: the whole list of employees and departments. */
export function assignFence(id: string, employees: string[], departments: string[], idempotencyKey: string): Promise<unknown> {
  return api.put(`/api/rh-app/cerca/adm/${encodeURIComponent(id)}/atribuicao`, { employees, departments }, { idempotencyKey });
}
