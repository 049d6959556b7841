import { queryClient } from '@/lib/query';
import { useSessionStore } from '@/lib/session-store';
import { mergeUserInfo } from '../utils/merge-user';
import { sessionQueries } from './queries';

/**
 * Reads the signed-in user's permissions again (after an administrator changed the tenant's
 * feature toggles, so the menu follows at once).
 */
export async function reloadUserInfo(): Promise<void> {
  const hash = useSessionStore.getState().user?.hash;
  if (!hash) return;
  const info = await queryClient.fetchQuery({ ...sessionQueries.userInfo(hash), staleTime: 0 });
  const s = useSessionStore.getState();
  if (s.user?.hash === hash) useSessionStore.setState({ user: mergeUserInfo(s.user, info) });
}
