import type { QueryClient } from '@tanstack/react-query';
import { useSessionStore } from '@/lib/session-store';
import { moodKeys } from '../api/keys';
import type { CheckInState, MoodPush } from '../api/types';
import { setMarker } from './marker';

/** The cool-down when the state was never read (30 minutes, spec §4). */
const DEFAULT_COOL_DOWN_S = 30 * 60;

/**
 * Hides the check-in panel of the user: a marker for the cool-down from now (kept across
 * reloads while the read model catches up) and the cached state set not visible.
 */
export function hideCheckIn(client: QueryClient, userHash: string): void {
  const coolDown = client.getQueryData<CheckInState>(moodKeys.checkIn)?.coolDownSeconds ?? DEFAULT_COOL_DOWN_S;
  setMarker(userHash, new Date(Date.now() + coolDown * 1000));
  client.setQueryData<CheckInState>(moodKeys.checkIn, (s) => s && { ...s, visible: false });
}

/** The push mood.checked_in (app/live-queries.ts): a check-in of this user, from any tab, hides the panel. */
export function followCheckIn(client: QueryClient, data: unknown): void {
  const hash = useSessionStore.getState().user?.hash;
  if (hash && (data as MoodPush | null)?.userHash === hash) hideCheckIn(client, hash);
}
