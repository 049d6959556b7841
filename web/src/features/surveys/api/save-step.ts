import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';

/** The body of PUT avaliacao360/passo. */
export interface StepBody {
  oa8Ukey: string;
  oa10_ukey: string;
  step: number;
}

/** PUT avaliacao360/passo: saves the active step on every move (spec §4). */
export function saveStep(body: StepBody, ctx?: CommandContext): Promise<{ success: boolean }> {
  return api.put('/api/avaliacao360/passo', body, { idempotencyKey: ctx?.idempotencyKey });
}
