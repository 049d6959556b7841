import { api } from '@/lib/api';

/** PUT avaliacao360/passo: saves the active step on every move (spec §4). */
export function saveStep(body: { oa8Ukey: string; oa10_ukey: string; step: number }): Promise<{ success: boolean }> {
  return api.put('/api/avaliacao360/passo', body);
}
