// The requests' reads as TanStack Query options, keyed under requestKeys (request.changed makes
// them all stale, app/live-queries.ts: the badges, the list on screen and the open request
// reload by themselves). Lists page by numbers (spec §3: paged by page and pageSize), so a
// page, folder or member change keeps showing the last answer until the next arrives.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getApprovers } from './get-approvers';
import { getDeliveryGroupedHistory, getDeliveryHistory } from './get-delivery-history';
import { getMyTeam } from './get-my-team';
import { getApportionment, getInstalments, getOtherRequests } from './get-plan';
import { getRequest } from './get-request';
import { getRequestCounts } from './get-request-counts';
import { getRequestHistory, type HistoryFilter } from './get-request-history';
import { getRequestTypes } from './get-request-types';
import { getRequests, type RequestListQuery } from './get-requests';
import { getTimeline } from './get-timeline';
import { getIsRequester } from './is-requester';
import { requestKeys } from './keys';
import { searchLookup, type LookupKind } from './lookups';
import { searchItems } from './search-items';

export interface HistoryQuery {
  ac4Ukey: string;
  m01Ukey?: string;
  page: number;
  filterHandle: HistoryFilter;
}

/**
 * A read whose key follows what the user types or pages through: the last answer stays shown
 * until the next arrives.
 */
function followed<Q, T>(what: string, q: Q, read: (q: Q, signal: AbortSignal) => Promise<T>) {
  return queryOptions({ queryKey: [...requestKeys.all, what, q], queryFn: ({ signal }) => read(q, signal), placeholderData: keepPreviousData });
}

export const requestQueries = {
  /** One page of a screen's list (its folder, filter or label; a team member's when acting for one). */
  list: (q: RequestListQuery) => followed('list', q, getRequests),
  /** The menu badges (open requests, approval queue, delivery queue). */
  counts: () => queryOptions({ queryKey: [...requestKeys.all, 'counts'], queryFn: ({ signal }) => getRequestCounts(signal) }),
  /** The open request, with what the caller may do (acoes). */
  request: (id: string) => queryOptions({ queryKey: [...requestKeys.all, 'request', id], queryFn: ({ signal }) => getRequest(id, signal) }),
  /** Whether the caller is the request's requester (spec §7 isrequester). */
  isRequester: (id: string, m01Ukey?: string) =>
    queryOptions({ queryKey: [...requestKeys.all, 'isrequester', id, m01Ukey ?? ''], queryFn: ({ signal }) => getIsRequester(id, m01Ukey, signal) }),
  /** A purchase's instalments, the cost split and the subject's other open requests (docs/api.md "Request lookups"). */
  instalments: (origem: number, id: string) =>
    queryOptions({ queryKey: [...requestKeys.all, 'parcelas', id], queryFn: ({ signal }) => getInstalments(origem, id, signal) }),
  apportionment: (origem: number, id: string) =>
    queryOptions({ queryKey: [...requestKeys.all, 'crd', id], queryFn: ({ signal }) => getApportionment(origem, id, signal) }),
  others: (id: string) => queryOptions({ queryKey: [...requestKeys.all, 'others', id], queryFn: ({ signal }) => getOtherRequests(id, signal) }),
  approvers: (id: string) => queryOptions({ queryKey: [...requestKeys.all, 'approvers', id], queryFn: ({ signal }) => getApprovers(id, signal) }),
  timeline: (id: string) => queryOptions({ queryKey: [...requestKeys.all, 'timeline', id], queryFn: ({ signal }) => getTimeline(id, signal) }),
  /** The employee's earlier requests of the same type (page size 8). */
  history: (q: HistoryQuery) => followed('history', q, getRequestHistory),
  deliveryHistory: (id: string) =>
    queryOptions({
      queryKey: [...requestKeys.all, 'delivery', id],
      queryFn: ({ signal }) => Promise.all([getDeliveryHistory(id, signal), getDeliveryGroupedHistory(id, signal)]),
    }),
  /** The types the caller may file. */
  types: () => queryOptions({ queryKey: [...requestKeys.all, 'types'], queryFn: ({ signal }) => getRequestTypes(signal) }),
  myTeam: (search: string) => followed('my-team', search, getMyTeam),
  /** A lookup's first page matching a search (department, cost centre, ...). */
  lookup: (kind: LookupKind, search: string) => followed('lookup', { kind, search }, (q, signal) => searchLookup(q.kind, q.search, signal)),
  /** The catalogue items matching a search, those already chosen left out. */
  items: (search: string, ignoreIds: readonly string[]) =>
    followed('items', { search, ignoreIds }, (q, signal) => searchItems(q.search, [...q.ignoreIds], signal)),
};
