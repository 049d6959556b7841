import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';

/** POST avaliacao360/pdi/concluir?id: marks an action of the user's plan done. */
export function completePdiAction(id: string, ctx?: CommandContext): Promise<{ success: boolean }> {
  return api.post('/api/avaliacao360/pdi/concluir', undefined, { query: { id }, idempotencyKey: ctx?.idempotencyKey });
}
