import { useCallback, useEffect, useRef, useState } from 'react';
import { onLiveEvent } from '@/lib/live-stream';

/** Push topic of a vacation change (docs/api.md "Vacations"); resync asks to reload everything. */
export const VACATION_TOPIC = 'vacation.changed';

/**
 * Loads data with `load` whenever `key` changes and again on every vacation push, so a
 * decision made anywhere shows at once (spec portal-business §2: decisions update the balance
 * live). The previous load is aborted.
 */
export function useVacationData<T>(load: (signal: AbortSignal) => Promise<T>, key: string) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(true);
  const controller = useRef<AbortController | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;

  const reload = useCallback(async () => {
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setLoading(true);
    try {
      const v = await loadRef.current(c.signal);
      if (c.signal.aborted) return;
      setData(v);
      setError(undefined);
    } catch (e) {
      if (!c.signal.aborted) setError(e);
    } finally {
      if (!c.signal.aborted) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [key, reload]);

  useEffect(() => {
    const offs = [onLiveEvent(VACATION_TOPIC, () => void reload()), onLiveEvent('resync', () => void reload())];
    return () => {
      for (const off of offs) off();
      controller.current?.abort();
    };
  }, [reload]);

  return { data, error, loading, reload };
}
