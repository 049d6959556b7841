import { api } from '@/lib/api';
import type { TimelineEntry } from './types';

/** GET request/timeline: every event of the request, oldest first (what, who, on whose behalf, when). */
export function getTimeline(requestId: string, signal?: AbortSignal): Promise<TimelineEntry[]> {
  return api
    .get<TimelineEntry[] | null>('/api/cac-app/request/timeline', { signal, query: { requestId } })
    .then((l) => l ?? []);
}
