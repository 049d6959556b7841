import { api } from '@/lib/api';
import type { FenceTargets } from './types';

/** GET rh-app/cerca/adm/alvos?searchText: employees matching and every department. */
export function fenceTargets(searchText: string, signal?: AbortSignal): Promise<FenceTargets> {
  return api.get<FenceTargets>('/api/rh-app/cerca/adm/alvos', { signal, query: { searchText } });
}
