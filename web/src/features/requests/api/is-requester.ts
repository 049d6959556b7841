import { api } from '@/lib/api';

/**
 * GET api/cac-app/request/isrequester (spec §7: tenId, ac4Ukey, m01Ukey, m01Ukey2): whether the
 * caller is the request's requester. Without m01Ukey the server checks the caller's own employee;
 * acting for a team member sends the member's key (the member's requests are then theirs to act on).
 */
export function getIsRequester(ac4Ukey: string, m01Ukey?: string, signal?: AbortSignal): Promise<boolean> {
  return api
    .get<{ isRequester?: boolean }>('/api/cac-app/request/isrequester', { signal, query: { ac4Ukey, m01Ukey: m01Ukey || undefined } })
    .then((r) => Boolean(r?.isRequester));
}
