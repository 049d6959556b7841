import { api } from '@/lib/api';
import type { Department } from './types';

/** GET rh-app/ferias/departamentos: the departments of the admin map's filter. */
export function getDepartments(signal?: AbortSignal): Promise<Department[]> {
  return api.get<Department[]>('/api/rh-app/ferias/departamentos', { signal });
}
