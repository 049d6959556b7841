import { api } from '@/lib/api';
import type { MarkableEmployee } from './types';

/** GET rh-app/marcacao-rh/colaboradores: active employees by name or code. */
export function searchEmployees(searchText: string, signal?: AbortSignal): Promise<MarkableEmployee[]> {
  return api.get<MarkableEmployee[]>('/api/rh-app/marcacao-rh/colaboradores', { query: { searchText }, signal });
}
