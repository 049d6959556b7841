import { api } from '@/lib/api';
import type { HRMark } from './types';

/** GET rh-app/marcacao-rh: the tenant's newest HR marks, the last recorded first. */
export function getHRMarks(signal?: AbortSignal): Promise<HRMark[]> {
  return api.get<HRMark[]>('/api/rh-app/marcacao-rh', { signal });
}
