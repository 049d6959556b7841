import { api } from '@/lib/api';
import type { MarkRecord } from './types';

/** GET v2/historico-ponto: the user's recent marks (newest first, at most 10). */
export function getMarkHistory(signal?: AbortSignal): Promise<MarkRecord[]> {
  return api
    .get<MarkRecord[] | null>('/api/rh-app/colaborador/v2/historico-ponto', { userHash: true, signal })
    .then((list) => list ?? []);
}
