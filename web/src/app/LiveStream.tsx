import { useEffect } from 'react';
import { startNotificationSync } from '@/features/notifications';
import { startRequestSync } from '@/features/requests';
import { startLiveStream, stopLiveStream } from '@/lib/live-stream';
import { selectAccessToken, useSessionStore } from '@/lib/session-store';

/**
 * Keeps the one live-push connection of the session: opened when a token
 * appears, closed on logout. Mounted once at the app root so that route
 * changes never reconnect.
 */
export function LiveStream() {
  const token = useSessionStore(selectAccessToken);
  useEffect(() => {
    if (!token) return;
    startLiveStream(token);
    // Notifications arrive through the push connection (spec portal-core §4).
    const stopNotifications = startNotificationSync();
    // Request queues, badges and open requests follow request.changed (issue 4).
    const stopRequests = startRequestSync();
    return () => {
      stopRequests();
      stopNotifications();
      stopLiveStream();
    };
  }, [token]);
  return null;
}
