import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import { useSessionStore } from '@/lib/session-store';

/** POST /api/auth/updateUserShortcuts {userHash, tenantId, shortcuts}: a comma list of menu ids. */
export function updateUserShortcuts(shortcuts: string, ctx?: CommandContext): Promise<{ success: boolean; shortcuts: string }> {
  const user = useSessionStore.getState().user;
  return api.post('/api/auth/updateUserShortcuts', { userHash: user?.hash, tenantId: user?.tenId, shortcuts }, { idempotencyKey: ctx?.idempotencyKey });
}
