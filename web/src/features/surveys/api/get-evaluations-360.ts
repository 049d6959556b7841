import { api } from '@/lib/api';
import type { Evaluation360, SurveyFilter } from './types';

/**
 * GET avaliacao360/avaliacoes-360: the 360 evaluations the user is asked to answer, pending
 * (filter 0) and finished (2), with the saved answers (docs/api.md "Surveys and 360").
 */
export function getEvaluations360(filter: SurveyFilter, signal?: AbortSignal): Promise<Evaluation360[]> {
  return api
    .get<Evaluation360[] | null>('/api/avaliacao360/avaliacoes-360', {
      query: { folderId: 'all', filterHandle: filter },
      signal,
    })
    .then((list) => list ?? []);
}
