import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import type { CheckedVacation, VacationDraft } from './types';

/** POST rh-app/ferias/solicitar: files the request; it waits for the manager, then HR. */
export function requestVacation(draft: VacationDraft, ctx?: CommandContext): Promise<CheckedVacation> {
  return api.post<{ data: CheckedVacation }>('/api/rh-app/ferias/solicitar', draft, { idempotencyKey: ctx?.idempotencyKey }).then((r) => r.data);
}
