import { useCallback, useEffect, useRef, useState } from 'react';
import { onLiveEvent } from '@/lib/live-stream';
import type { ReportFilters } from '../api/types';

/** Push topic of a report whose read model changed ({report}). */
export const REPORT_TOPIC = 'report.changed';

/**
 * Loads a report for the filters and again whenever its read model changes (the push
 * `report.changed` naming it), a second after the last change of a burst.
 */
export function useReport<T>(name: string, load: (f: ReportFilters, signal: AbortSignal) => Promise<T>, filters: ReportFilters) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const loadRef = useRef(load);
  loadRef.current = load;
  const key = JSON.stringify(filters);
  const reload = useCallback(() => {
    const c = new AbortController();
    loadRef.current(JSON.parse(key) as ReportFilters, c.signal).then(
      (d) => {
        setData(d);
        setError(undefined);
      },
      (e: unknown) => {
        if (!c.signal.aborted) setError(e);
      },
    );
    return () => c.abort();
  }, [key]);
  useEffect(() => reload(), [reload]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onLiveEvent(REPORT_TOPIC, (d) => {
      if ((d as { report?: string } | undefined)?.report !== name) return;
      clearTimeout(timer);
      timer = setTimeout(reload, 1000);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [name, reload]);
  return { data, error };
}
