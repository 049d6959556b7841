// The mood reads as TanStack Query options, keyed under moodKeys (mood.checked_in makes them
// all stale, app/live-queries.ts: this user's other tabs hide the panel, the manager's
// nine-box moves).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { referenceTime } from '../utils/reference-time';
import { getCheckInState } from './get-check-in-state';
import { getNineBox } from './get-nine-box';
import { moodKeys } from './keys';

export const moodQueries = {
  /** Whether the check-in panel shows (the payroll tool, the denial, the cool-down). */
  checkInState: () => queryOptions({ queryKey: moodKeys.checkIn, queryFn: ({ signal }) => getCheckInState(signal) }),
  /** The nine-box of the caller's team on a reference date (YYYY-MM-DD). */
  nineBox: (referenceDate: string) =>
    queryOptions({
      queryKey: [...moodKeys.all, 'ninebox', referenceDate],
      queryFn: ({ signal }) => getNineBox(referenceTime(referenceDate), signal),
      placeholderData: keepPreviousData,
    }),
};
