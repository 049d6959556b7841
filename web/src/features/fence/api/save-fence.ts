import { api } from '@/lib/api';
import type { FenceShape } from './types';

/** POST rh-app/cerca/adm (a new fence) or PUT rh-app/cerca/adm/:id (an edit). */
export function saveFence(id: string | null, shape: FenceShape, idempotencyKey: string): Promise<{ id: string }> {
  if (id) return api.put<{ id: string }>(`/api/rh-app/cerca/adm/${encodeURIComponent(id)}`, shape, { idempotencyKey });
  return api.post<{ id: string }>('/api/rh-app/cerca/adm', shape, { idempotencyKey });
}
