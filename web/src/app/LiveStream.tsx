import { useEffect } from 'react';
import { startNotificationSync } from '@/features/notifications';
import { startRequestSync } from '@/features/requests';
import { startLiveStream, stopLiveStream } from '@/lib/live-stream';
import { selectAccessToken, useSessionStore } from '@/lib/session-store';

/**
 * Keeps the one live-push connection of the session: opened at sign-in, closed
 * on logout. Mounted once at the app root so that route changes and access-token
 * refreshes never reconnect (the socket has its own token, lib/live-stream).
 */
export function LiveStream() {
  const signedIn = useSessionStore((s) => Boolean(selectAccessToken(s)));
  useEffect(() => {
    if (!signedIn) return;
    startLiveStream();
    // Notifications arrive through the push connection (spec portal-core §4).
    const stopNotifications = startNotificationSync();
    // Request queues, badges and open requests follow request.changed (issue 4).
    const stopRequests = startRequestSync();
    return () => {
      stopRequests();
      stopNotifications();
      stopLiveStream();
    };
  }, [signedIn]);
  return null;
}
