import { useSessionStore } from '@/lib/session-store';
import { mergeUserInfo } from '../utils/merge-user';
import { getUserInfo } from './get-user-info';

/**
 * Reads the signed-in user's permissions again (after an administrator changed the tenant's
 * feature toggles, so the menu follows at once).
 */
export async function reloadUserInfo(): Promise<void> {
  const info = await getUserInfo();
  const s = useSessionStore.getState();
  if (s.user) useSessionStore.setState({ user: mergeUserInfo(s.user, info) });
}
