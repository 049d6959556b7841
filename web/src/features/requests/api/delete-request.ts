import { api } from '@/lib/api';

/** DELETE api/cac-app/request with requestId (spec §7). */
export function deleteRequest(requestId: string): Promise<void> {
  return api.delete<void>('/api/cac-app/request', { query: { requestId } });
}
