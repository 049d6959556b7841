import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import type { AnswerBody } from './types';

/** PUT avaliacao360/resposta: saves one question's answer and the active step (spec §4). */
export function saveAnswer(body: AnswerBody, ctx?: CommandContext): Promise<{ success: boolean }> {
  return api.put('/api/avaliacao360/resposta', body, { idempotencyKey: ctx?.idempotencyKey });
}
