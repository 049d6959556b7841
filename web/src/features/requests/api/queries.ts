// The requests' reads as TanStack Query options, keyed under requestKeys (request.changed makes
// them all stale, app/live-queries.ts: the badges, the list on screen and the open request
// reload by themselves). Lists page by numbers (spec §3: paged by page and pageSize), so a
// page, folder or member change keeps showing the last answer until the next arrives.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getApprovers } from './get-approvers';
import { getDeliveryGroupedHistory, getDeliveryHistory } from './get-delivery-history';
import { getMyTeam } from './get-my-team';
import { getRequest } from './get-request';
import { getRequestCounts } from './get-request-counts';
import { getRequestHistory, type HistoryFilter } from './get-request-history';
import { getRequestTypes } from './get-request-types';
import { getRequests, type RequestListQuery } from './get-requests';
import { getTimeline } from './get-timeline';
import { requestKeys } from './keys';
import { searchItems } from './search-items';

export interface HistoryQuery {
  ac4Ukey: string;
  m01Ukey?: string;
  page: number;
  filterHandle: HistoryFilter;
}

export const requestQueries = {
  /** One page of a screen's list (its folder, filter or label; a team member's when acting for one). */
  list: (q: RequestListQuery) =>
    queryOptions({ queryKey: [...requestKeys.all, 'list', q], queryFn: ({ signal }) => getRequests(q, signal), placeholderData: keepPreviousData }),
  /** The menu badges (open requests, approval queue, delivery queue). */
  counts: () => queryOptions({ queryKey: [...requestKeys.all, 'counts'], queryFn: ({ signal }) => getRequestCounts(signal) }),
  /** The open request, with what the caller may do (acoes). */
  request: (id: string) => queryOptions({ queryKey: [...requestKeys.all, 'request', id], queryFn: ({ signal }) => getRequest(id, signal) }),
  approvers: (id: string) => queryOptions({ queryKey: [...requestKeys.all, 'approvers', id], queryFn: ({ signal }) => getApprovers(id, signal) }),
  timeline: (id: string) => queryOptions({ queryKey: [...requestKeys.all, 'timeline', id], queryFn: ({ signal }) => getTimeline(id, signal) }),
  /** The employee's earlier requests of the same type (page size 8). */
  history: (q: HistoryQuery) =>
    queryOptions({
      queryKey: [...requestKeys.all, 'history', q],
      queryFn: ({ signal }) => getRequestHistory(q, signal),
      placeholderData: keepPreviousData,
    }),
  deliveryHistory: (id: string) =>
    queryOptions({
      queryKey: [...requestKeys.all, 'delivery', id],
      queryFn: ({ signal }) => Promise.all([getDeliveryHistory(id, signal), getDeliveryGroupedHistory(id, signal)]),
    }),
  /** The types the caller may file. */
  types: () => queryOptions({ queryKey: [...requestKeys.all, 'types'], queryFn: ({ signal }) => getRequestTypes(signal) }),
  myTeam: (search: string) =>
    queryOptions({ queryKey: [...requestKeys.all, 'my-team', search], queryFn: ({ signal }) => getMyTeam(search, signal), placeholderData: keepPreviousData }),
  /** The catalogue items matching a search, those already chosen left out. */
  items: (search: string, ignoreIds: readonly string[]) =>
    queryOptions({
      queryKey: [...requestKeys.all, 'items', search, ignoreIds],
      queryFn: ({ signal }) => searchItems(search, [...ignoreIds], signal),
      placeholderData: keepPreviousData,
    }),
};
