import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';

/** POST avaliacao360/pdi: adds an action to the user's plan. */
export function addPdiAction(body: { titulo: string; prazo?: string }, ctx?: CommandContext): Promise<{ success: boolean; id: string }> {
  return api.post('/api/avaliacao360/pdi', body, { idempotencyKey: ctx?.idempotencyKey });
}
