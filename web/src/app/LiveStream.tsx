import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { connectLiveQueries, startLiveStream, stopLiveStream } from '@/lib/live-stream';
import { selectAccessToken, useSessionStore } from '@/lib/session-store';

/**
 * Keeps the one live-push connection of the session: opened at sign-in, closed
 * on logout. Mounted once at the app root so that route changes and access-token
 * refreshes never reconnect (the socket has its own token, lib/live-stream). The pushes
 * mark the queries of live-queries.ts stale; that table loads with the session, not with the
 * login page, and the socket opens once it is connected, so no push goes by unread.
 */
export function LiveStream() {
  const signedIn = useSessionStore((s) => Boolean(selectAccessToken(s)));
  const client = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    let disconnect: (() => void) | undefined;
    let stopped = false;
    void import('./live-queries').then(({ LIVE_QUERIES }) => {
      if (stopped) return;
      disconnect = connectLiveQueries(client, LIVE_QUERIES);
      startLiveStream();
    });
    return () => {
      stopped = true;
      disconnect?.();
      stopLiveStream();
    };
  }, [signedIn, client]);
  return null;
}
