// The vacations' reads as TanStack Query options, keyed under vacationKeys (vacation.changed
// makes them all stale, app/live-queries.ts). A read whose key the user moves through (a
// filter, a year, a month) keeps showing the last answer until the next arrives.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { checkVacation } from './check-vacation';
import { getApprovals, type ApprovalFilter } from './get-approvals';
import { getDepartments } from './get-departments';
import { getMyVacations } from './get-my-vacations';
import { getVacationHistory } from './get-vacation-history';
import { getVacationMap, type MapQuery } from './get-vacation-map';
import { getWorkSchedule } from './get-work-schedule';
import { vacationKeys } from './keys';
import { getPlanning } from './planning';
import type { VacationDraft, VacationScope } from './types';

export const vacationQueries = {
  mine: (m01Ukey?: string) =>
    queryOptions({ queryKey: [...vacationKeys.all, 'mine', m01Ukey ?? null], queryFn: ({ signal }) => getMyVacations(m01Ukey, signal) }),
  history: (m01Ukey?: string) =>
    queryOptions({ queryKey: [...vacationKeys.all, 'history', m01Ukey ?? null], queryFn: ({ signal }) => getVacationHistory(m01Ukey, signal) }),
  approvals: (filter: ApprovalFilter) =>
    queryOptions({ queryKey: [...vacationKeys.all, 'approvals', filter], queryFn: ({ signal }) => getApprovals(filter, signal), placeholderData: keepPreviousData }),
  planning: (year: number, scope: VacationScope) =>
    queryOptions({
      queryKey: [...vacationKeys.all, 'planning', scope, year],
      queryFn: ({ signal }) => getPlanning(year, scope, undefined, signal),
      placeholderData: keepPreviousData,
    }),
  map: (q: MapQuery) =>
    queryOptions({ queryKey: [...vacationKeys.all, 'map', q], queryFn: ({ signal }) => getVacationMap(q, signal), placeholderData: keepPreviousData }),
  departments: () => queryOptions({ queryKey: [...vacationKeys.all, 'departments'], queryFn: ({ signal }) => getDepartments(signal) }),
  /** An employee's month, day by day (rest days and holidays); the caller's without m01Ukey. */
  schedule: (yearMonth: string, m01Ukey?: string) =>
    queryOptions({
      queryKey: [...vacationKeys.all, 'schedule', yearMonth, m01Ukey ?? null],
      queryFn: ({ signal }) => getWorkSchedule(yearMonth, m01Ukey, signal),
      placeholderData: keepPreviousData,
    }),
  /** The server's verdict on a draft (ferias/verificar writes nothing, so it reads like a query). */
  check: (draft: VacationDraft) =>
    queryOptions({ queryKey: [...vacationKeys.all, 'check', draft], queryFn: ({ signal }) => checkVacation(draft, signal), retry: false }),
};
