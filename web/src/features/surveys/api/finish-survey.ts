import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';

/**
 * POST avaliacao360/finalizar?oa8Ukey: completes the evaluation. A 422 names the first
 * invalid question as type "perguntas[<index>]" (see firstInvalidIndex).
 */
export function finishSurvey(oa8Ukey: string, ctx?: CommandContext): Promise<{ success: boolean }> {
  return api.post('/api/avaliacao360/finalizar', undefined, { query: { oa8Ukey }, idempotencyKey: ctx?.idempotencyKey });
}
