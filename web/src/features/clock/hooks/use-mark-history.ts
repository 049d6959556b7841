import { useCallback, useEffect, useRef, useState } from 'react';
import { LIVE_TOPICS, onLiveEvent } from '@/lib/live-stream';
import { getMarkHistory } from '../api/get-mark-history';
import type { MarkRecord } from '../api/types';
import { MARKS_REFRESH_MS, recentMarks } from '../utils/marks';

/**
 * Recent marks while `active`: fetched at once, every 60 s, and whenever the
 * live stream announces a `clock.mark`.
 */
export function useMarkHistory(active: boolean) {
  const [marks, setMarks] = useState<MarkRecord[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);

  const refresh = useCallback(async () => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setLoading(true);
    try {
      const list = await getMarkHistory(controller.signal);
      if (controller.signal.aborted) return;
      setMarks(recentMarks(list));
      setFailed(false);
    } catch {
      if (!controller.signal.aborted) setFailed(true);
    } finally {
      if (!controller.signal.aborted) setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (!active) return;
    void refresh();
    const timer = setInterval(() => void refresh(), MARKS_REFRESH_MS);
    const off = onLiveEvent(LIVE_TOPICS.clockMark, () => void refresh());
    return () => {
      clearInterval(timer);
      off();
      controllerRef.current?.abort();
    };
  }, [active, refresh]);

  return { marks, loading, failed, refresh };
}
