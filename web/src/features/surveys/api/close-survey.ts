import { api } from '@/lib/api';

/** POST avaliacao360/pesquisas/encerrar?oa8Ukey (HR): closes a survey before its end. */
export function closeSurvey(oa8Ukey: string): Promise<{ success: boolean }> {
  return api.post('/api/avaliacao360/pesquisas/encerrar', undefined, { query: { oa8Ukey } });
}
