import { api } from '@/lib/api';

/** POST rh-app/ferias/cancelar: withdraws a request or vacation that has not started. */
export function cancelVacation(id: string, m01Ukey?: string): Promise<void> {
  return api.post<unknown>('/api/rh-app/ferias/cancelar', { id, m01Ukey }).then(() => undefined);
}
