import { useMemo, useReducer } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { peopleQueries } from '../api/queries';
import type { OrderField, TeamType } from '../api/types';
import { initialParams, isIdle, listFilter, listRows, listTotal, paramsReducer } from '../utils/paging';

interface Options {
  /** No request while the search text is empty (spec §2 team listing). */
  requireSearch?: boolean;
  /** One department's people (the drill-down dialog). */
  departamento?: string;
}

/**
 * A paged listing (the team listing, find people, the drill-down dialog) under the rules of
 * utils/paging: the first page loads after every change of the user's choices, `more`
 * appends the next one.
 */
export function usePeopleList(type: TeamType, { requireSearch = false, departamento }: Options = {}) {
  const [params, dispatch] = useReducer(paramsReducer, undefined, () => initialParams());
  const idle = isIdle(params, requireSearch);
  const query = useInfiniteQuery({ ...peopleQueries.list(type, listFilter(params), departamento), enabled: !idle });
  const actions = useMemo(
    () => ({
      setSearch: (value: string) => dispatch({ kind: 'search', value }),
      setOrder: (value: OrderField) => dispatch({ kind: 'order', value }),
      toggleOrder: () => dispatch({ kind: 'toggle' }),
    }),
    [],
  );
  const pages = query.data?.pages;
  return {
    ...actions,
    params,
    /** True while nothing may be asked (an empty search where one is required). */
    idle,
    rows: listRows(pages),
    totalCount: listTotal(pages),
    hasNext: query.hasNextPage,
    /** A first page or the next one on its way (not a refresh of what is shown). */
    loading: !idle && (query.isLoading || query.isPlaceholderData || query.isFetchingNextPage),
    error: query.error,
    more: () => void query.fetchNextPage(),
  };
}

export type PeopleListState = ReturnType<typeof usePeopleList>;
