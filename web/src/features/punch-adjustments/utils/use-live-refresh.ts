import { useEffect } from 'react';
import { onLiveEvent } from '@/lib/live-stream';

/** Live topics these screens follow (docs/api.md, "Live push"). */
export const ADJUSTMENT_TOPICS = {
  /** A day of the caller changed by an adjustment. */
  day: 'clock.day',
  /** A new or moved mark of the caller. */
  mark: 'clock.mark',
  /** A request the caller files or approves changed (a new one reached them, or it was decided). */
  request: 'request.changed',
} as const;

/** Calls refresh whenever one of topics is pushed. */
export function useLiveRefresh(topics: readonly string[], refresh: () => void) {
  useEffect(() => {
    const offs = topics.map((topic) => onLiveEvent(topic, () => refresh()));
    return () => offs.forEach((off) => off());
  }, [topics, refresh]);
}
