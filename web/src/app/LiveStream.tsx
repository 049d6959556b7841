import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { connectLiveQueries, startLiveStream, stopLiveStream } from '@/lib/live-stream';
import { selectAccessToken, useSessionStore } from '@/lib/session-store';
import { LIVE_QUERIES } from './live-queries';

/**
 * Keeps the one live-push connection of the session: opened at sign-in, closed
 * on logout. Mounted once at the app root so that route changes and access-token
 * refreshes never reconnect (the socket has its own token, lib/live-stream). The pushes
 * mark the queries of live-queries.ts stale.
 */
export function LiveStream() {
  const signedIn = useSessionStore((s) => Boolean(selectAccessToken(s)));
  const client = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    startLiveStream();
    const disconnect = connectLiveQueries(client, LIVE_QUERIES);
    return () => {
      disconnect();
      stopLiveStream();
    };
  }, [signedIn, client]);
  return null;
}
