import { api } from '@/lib/api';
import type { FenceItem, FenceList } from './types';

/** GET rh-app/cerca/adm: the tenant's fences, for HR. */
export function listFences(signal?: AbortSignal): Promise<FenceList<FenceItem>> {
  return api.get<FenceList<FenceItem>>('/api/rh-app/cerca/adm', { signal });
}
