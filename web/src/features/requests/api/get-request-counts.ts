import { api } from '@/lib/api';
import type { RequestCounts } from './types';

/** GET request/count: the menu badges (my open requests, my approval queue, the delivery queue). */
export function getRequestCounts(signal?: AbortSignal): Promise<RequestCounts> {
  return api.get<RequestCounts>('/api/cac-app/request/count', { signal });
}
