import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import type { UserSettings } from '@/lib/session-types';

/** POST /api/auth/updateSettings?tenId {settings}: layout and theme (Admin flag users). */
export function updateSettings(settings: UserSettings, ctx?: CommandContext): Promise<{ success: boolean; settings: UserSettings }> {
  return api.post('/api/auth/updateSettings', { settings }, { idempotencyKey: ctx?.idempotencyKey });
}
