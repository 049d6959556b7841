import { api } from '@/lib/api';
import type { SurveyResults } from './types';

/** GET avaliacao360/resultado?oa8Ukey: results; groups under 3 respondents carry no figures. */
export function getSurveyResults(oa8Ukey: string, signal?: AbortSignal): Promise<SurveyResults> {
  return api.get<SurveyResults>('/api/avaliacao360/resultado', { query: { oa8Ukey }, signal });
}
