// The home page's reads as TanStack Query options, keyed under homeKeys: clock.mark and clock.day
// make the last marks stale, settings.changed of key home_page the banner's settings, and the
// request, vacation and survey pushes the whole home (app/live-queries.ts).
import { queryOptions } from '@tanstack/react-query';
import { getDynamicMessages } from './get-dynamic-messages';
import { getHomeConfig } from './get-home-config';
import { getHomePending } from './get-home-pending';
import { getLastMarks } from './get-last-marks';
import { homeKeys } from './keys';

/** The last marks are read again every minute while shown. */
export const LAST_MARKS_REFRESH_MS = 60_000;

export const homeQueries = {
  config: () => queryOptions({ queryKey: homeKeys.config, queryFn: ({ signal }) => getHomeConfig(signal) }),
  pending: () => queryOptions({ queryKey: homeKeys.pending, queryFn: ({ signal }) => getHomePending(signal) }),
  messages: () => queryOptions({ queryKey: homeKeys.messages, queryFn: ({ signal }) => getDynamicMessages(signal) }),
  lastMarks: () =>
    queryOptions({ queryKey: homeKeys.marks, queryFn: ({ signal }) => getLastMarks(signal), refetchInterval: LAST_MARKS_REFRESH_MS }),
};
