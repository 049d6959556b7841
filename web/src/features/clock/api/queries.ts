// The clock's reads as TanStack Query options. The marks and the saved addresses live under
// clockKeys.all, which clock.mark and clock.day make stale (app/live-queries.ts); the marks also
// reload every 60 s while shown.
import { queryOptions, skipToken } from '@tanstack/react-query';
import { MARKS_REFRESH_MS } from '../utils/marks';
import type { LatLon } from '../utils/geo';
import { getApproximatePlace } from './get-approximate-place';
import { getMarkHistory } from './get-mark-history';
import { getSavedAddresses } from './get-saved-addresses';
import { clockKeys } from './keys';

export const clockQueries = {
  marks: () =>
    queryOptions({ queryKey: clockKeys.marks, queryFn: ({ signal }) => getMarkHistory(signal), refetchInterval: MARKS_REFRESH_MS }),
  addresses: () => queryOptions({ queryKey: clockKeys.addresses, queryFn: ({ signal }) => getSavedAddresses(signal) }),
  /**
   * The nearest known place of a position (none until the browser gave one). Tried once: the
   * lookup gives up after 3 s and the raw coordinates stand in (spec portal-core §4).
   */
  place: (at: LatLon | null) =>
    queryOptions({
      queryKey: [...clockKeys.place, at],
      queryFn: at ? ({ signal }) => getApproximatePlace(at.lat, at.lon, signal) : skipToken,
      retry: false,
      staleTime: Infinity,
    }),
};
