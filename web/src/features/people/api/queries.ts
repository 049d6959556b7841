// The people area's reads as TanStack Query options, keyed under peopleKeys (a check-in or a
// vacation makes them stale, app/live-queries.ts). The listings are infinite queries whose
// pages are appended (utils/paging); a key the user moves through (the filter, the month)
// keeps the last answer on screen, within the same list, until the next arrives.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ApiError } from '@/lib/api';
import { FIRST_PAGE, keepWithinScope, nextPageParam, pageQuery, type ListFilter } from '../utils/paging';
import { getBirthdays } from './get-birthdays';
import { getCard } from './get-card';
import { getHires } from './get-hires';
import { getSchedule } from './get-schedule';
import { peopleKeys } from './keys';
import { listPeople } from './list-people';
import type { Page, PersonRow, TeamType } from './types';

/** The people of a month: birthdays (by month) or hires (by year and month). */
export type MonthKind = 'birthdays' | 'hires';

/** YYYYMM of a year and month (1..12). */
export function yearMonth(year: number, month: number): string {
  return `${year}${String(month).padStart(2, '0')}`;
}

export const peopleQueries = {
  /** A team listing of one type (of one department in the drill-down), page by page. */
  list: (type: TeamType, filter: ListFilter, departamento?: string) => {
    const queryKey = [...peopleKeys.all, 'list', type, departamento ?? null, filter] as const;
    return infiniteQueryOptions({
      queryKey,
      queryFn: ({ pageParam, signal }) => listPeople(type, pageQuery(filter, pageParam), departamento, signal),
      initialPageParam: FIRST_PAGE,
      getNextPageParam: (last: Page<PersonRow>) => nextPageParam(last),
      placeholderData: keepWithinScope(queryKey),
    });
  },
  /** A colleague's card. */
  card: (m01Ukey: string) => queryOptions({ queryKey: [...peopleKeys.all, 'card', m01Ukey], queryFn: ({ signal }) => getCard(m01Ukey, signal) }),
  /** Birthdays of a month (any year), or hires of a month of a year. */
  month: (kind: MonthKind, year: number, month: number) => {
    const queryKey = [...peopleKeys.all, 'month', kind, kind === 'birthdays' ? String(month) : yearMonth(year, month)] as const;
    return queryOptions<PersonRow[], ApiError, PersonRow[], typeof queryKey>({
      queryKey,
      queryFn: ({ signal }) => (kind === 'birthdays' ? getBirthdays(month, signal) : getHires(yearMonth(year, month), signal)),
      placeholderData: keepWithinScope(queryKey),
    });
  },
  /** The caller's schedule of a month (YYYYMM). */
  schedule: (ym: string) => queryOptions({ queryKey: [...peopleKeys.all, 'schedule', ym], queryFn: ({ signal }) => getSchedule(ym, signal) }),
};
