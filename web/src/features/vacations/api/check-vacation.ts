import { api } from '@/lib/api';
import type { CheckedVacation, VacationDraft } from './types';

/**
 * POST rh-app/ferias/verificar: the request as it would be filed, or an ApiError carrying the
 * refusal of the rule that fails (422 {type, message}); nothing is written. The rules live on
 * the server only.
 */
export function checkVacation(draft: VacationDraft, signal?: AbortSignal): Promise<CheckedVacation> {
  return api.post<{ data: CheckedVacation }>('/api/rh-app/ferias/verificar', draft, { signal }).then((r) => r.data);
}
