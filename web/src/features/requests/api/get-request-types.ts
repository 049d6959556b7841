import { api } from '@/lib/api';
import type { RequestType } from './types';

/** GET requestTypeSearch: the types the caller may file (spec §2, purchased pwa-req-tools- entries). */
export function getRequestTypes(signal?: AbortSignal): Promise<RequestType[]> {
  return api.get<RequestType[] | null>('/api/cac-app/request/requestTypeSearch', { signal }).then((l) => l ?? []);
}
