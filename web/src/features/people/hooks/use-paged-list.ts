import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { OrderField, Page, PageQuery } from '../api/types';
import { initialList, listReducer, nextPage, PAGE_SIZE } from '../utils/paging';

export type PageLoader<T> = (q: PageQuery, signal: AbortSignal) => Promise<Page<T>>;

interface Options {
  /** No request while the search text is empty (spec §2 team listing). */
  requireSearch?: boolean;
  /** A change resets the list (the user type, the dialog's subject). */
  resetKey?: string;
  /** False: nothing is loaded (a closed dialog). */
  enabled?: boolean;
  orderBy?: OrderField;
}

/**
 * A paged listing (the team listing, find people, the drill-down dialog) under the rules of
 * utils/paging: the first page loads after every change, `more` appends the next one.
 */
export function usePagedList<T>(load: PageLoader<T>, { requireSearch = false, resetKey = '', enabled = true, orderBy }: Options = {}) {
  const [state, dispatch] = useReducer(listReducer<T>, orderBy, (o) => initialList<T>(o));
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const loadRef = useRef(load);
  loadRef.current = load;
  const controller = useRef<AbortController | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  const fetchPage = useCallback(async (page: number) => {
    const s = stateRef.current;
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setLoading(true);
    try {
      const res = await loadRef.current(
        { searchQuery: s.search.trim(), orderBy: s.orderBy, orderDescending: s.orderDescending, page, pageSize: PAGE_SIZE },
        c.signal,
      );
      if (c.signal.aborted) return;
      dispatch({ kind: 'loaded', page: res, generation: s.generation });
      setError(undefined);
    } catch (e) {
      if (!c.signal.aborted) setError(e);
    } finally {
      if (!c.signal.aborted) setLoading(false);
    }
  }, []);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    dispatch({ kind: 'reset' });
  }, [resetKey, enabled]);

  const idle = !enabled || (requireSearch && state.search.trim() === '');
  useEffect(() => {
    if (idle) {
      controller.current?.abort();
      setLoading(false);
      return;
    }
    void fetchPage(1);
  }, [state.generation, idle, fetchPage]);

  useEffect(() => () => controller.current?.abort(), []);

  return {
    state,
    loading,
    error,
    /** True while nothing may be asked (empty search where one is required, or disabled). */
    idle,
    setSearch: (value: string) => dispatch({ kind: 'search', value }),
    setOrder: (value: OrderField) => dispatch({ kind: 'order', value }),
    toggleOrder: () => dispatch({ kind: 'toggle' }),
    more: () => void fetchPage(nextPage(state)),
  };
}
