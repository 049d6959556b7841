import { api } from '@/lib/api';
import type { ColleagueCard } from './types';

/** GET rh-app/colaborador/cartao-apresentacao?m01Ukey: a colleague's card (spec §7). */
export function getCard(m01Ukey: string, signal?: AbortSignal): Promise<ColleagueCard> {
  return api.get<ColleagueCard>('/api/rh-app/colaborador/cartao-apresentacao', { signal, userHash: true, query: { m01Ukey } });
}
