import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import { useSessionStore } from '@/lib/session-store';

/** POST /api/auth/updateUserLanguage {userHash, tenantId, languageId}. */
export function updateUserLanguage(languageId: string, ctx?: CommandContext): Promise<{ success: boolean }> {
  const user = useSessionStore.getState().user;
  return api.post('/api/auth/updateUserLanguage', { userHash: user?.hash, tenantId: user?.tenId, languageId }, { idempotencyKey: ctx?.idempotencyKey });
}
