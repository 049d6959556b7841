import { api } from '@/lib/api';
import type { PendingSurvey } from './types';

/** GET avaliacao360/lista-pendentes-login: the surveys the user still has to answer. */
export function getPendingSurveys(signal?: AbortSignal): Promise<PendingSurvey[]> {
  return api
    .get<PendingSurvey[] | null>('/api/avaliacao360/lista-pendentes-login', { signal })
    .then((list) => list ?? []);
}
