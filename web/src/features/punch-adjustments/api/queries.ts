// The punch adjustments' reads as TanStack Query options, keyed under adjustmentKeys: clock.day,
// clock.mark and request.changed make them all stale (app/live-queries.ts), so an approval
// elsewhere shows at once. A day or a filter the user moves to keeps the last answer shown
// until the next arrives.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getAdjustments } from './get-adjustments';
import { getDay } from './get-day';
import { adjustmentKeys } from './keys';
import type { ApprovalArea, ApprovalList, FilterHandle } from './types';

export const adjustmentQueries = {
  /** The caller's day (YYYY-MM-DD; today without one). */
  day: (date?: string) =>
    queryOptions({
      queryKey: [...adjustmentKeys.all, 'day', date ?? null],
      queryFn: ({ signal }) => getDay(date, signal),
      placeholderData: keepPreviousData,
    }),
  approvals: (area: ApprovalArea, list: ApprovalList, filter: FilterHandle) =>
    queryOptions({
      queryKey: [...adjustmentKeys.all, 'approvals', area, list, filter],
      queryFn: ({ signal }) => getAdjustments(area, list, filter, signal),
      placeholderData: keepPreviousData,
    }),
};
