import { api } from '@/lib/api';
import type { FilterOptions } from './types';

/** GET reports/filters: the tenant's units and departments. */
export function getFilterOptions(signal?: AbortSignal): Promise<FilterOptions> {
  return api.get<FilterOptions>('/api/reports/filters', { signal });
}
