import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import type { SurveyDraft } from './types';

/** POST avaliacao360/pesquisas (HR): creates a survey. */
export function createSurvey(draft: SurveyDraft, ctx?: CommandContext): Promise<{ success: boolean; data: { id: string } }> {
  return api.post('/api/avaliacao360/pesquisas', draft, { idempotencyKey: ctx?.idempotencyKey });
}
