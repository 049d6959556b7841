import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import type { HRMarkAnswer, HRMarkBody } from './types';

/** POST rh-app/marcacao-rh: HR records a mark for an employee who could not punch. */
export function recordHRMark(body: HRMarkBody, ctx?: CommandContext): Promise<HRMarkAnswer> {
  return api.post<HRMarkAnswer>('/api/rh-app/marcacao-rh', body, { idempotencyKey: ctx?.idempotencyKey });
}
