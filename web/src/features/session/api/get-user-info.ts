import { api } from '@/lib/api';
import type { SessionUser } from '@/lib/session-types';

/** GET /api/cac-app/userinfo?tenId&userHash: the user with the permission rule's results. */
export function getUserInfo(signal?: AbortSignal): Promise<SessionUser> {
  return api.get<SessionUser>('/api/cac-app/userinfo', { userHash: true, signal });
}
