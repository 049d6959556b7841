import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';

/** POST avaliacao360/pesquisas/encerrar?oa8Ukey (HR): closes a survey before its end. */
export function closeSurvey(oa8Ukey: string, ctx?: CommandContext): Promise<{ success: boolean }> {
  return api.post('/api/avaliacao360/pesquisas/encerrar', undefined, { query: { oa8Ukey }, idempotencyKey: ctx?.idempotencyKey });
}
