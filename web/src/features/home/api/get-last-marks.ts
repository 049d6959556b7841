import { api } from '@/lib/api';

export interface LastMark {
  n09_001_t: string;
  endereco: string;
}

/** GET v2/historico-ponto, read by the home card. */
export function getLastMarks(signal?: AbortSignal): Promise<LastMark[]> {
  return api
    .get<LastMark[] | null>('/api/rh-app/colaborador/v2/historico-ponto', { userHash: true, signal })
    .then((list) => list ?? []);
}
