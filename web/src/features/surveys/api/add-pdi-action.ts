import { api } from '@/lib/api';

/** POST avaliacao360/pdi: adds an action to the user's plan. */
export function addPdiAction(body: { titulo: string; prazo?: string }): Promise<{ success: boolean; id: string }> {
  return api.post('/api/avaliacao360/pdi', body);
}
