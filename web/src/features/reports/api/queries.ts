// The reports' reads as TanStack Query options, keyed [reports, <name>, filters] so that the
// push `report.changed {report: name}` makes exactly that report stale (app/live-queries.ts,
// a second after the last change of a burst). A new filter keeps the last figures on screen
// until the new ones arrive.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getFilterOptions } from './get-filter-options';
import { getReport, type ReportName } from './get-report';
import { reportKeys } from './keys';
import type { ReportFilters } from './types';

export const reportQueries = {
  report: <K extends ReportName>(name: K, filters: ReportFilters) =>
    queryOptions({
      queryKey: [...reportKeys.report(name), filters],
      queryFn: ({ signal }) => getReport(name, filters, signal),
      placeholderData: keepPreviousData,
    }),
  /** The tenant's units and departments (no report carries this name). */
  filterOptions: () => queryOptions({ queryKey: [...reportKeys.all, 'filters'], queryFn: ({ signal }) => getFilterOptions(signal) }),
};
