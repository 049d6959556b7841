import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';

/** POST rh-app/ferias/cancelar: withdraws a request or vacation that has not started. */
export function cancelVacation(v: { id: string; m01Ukey?: string }, ctx?: CommandContext): Promise<void> {
  return api.post<unknown>('/api/rh-app/ferias/cancelar', v, { idempotencyKey: ctx?.idempotencyKey }).then(() => undefined);
}
