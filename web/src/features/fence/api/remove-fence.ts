import { api } from '@/lib/api';

/** DELETE rh-app/cerca/adm/:id. */
export function removeFence(id: string, idempotencyKey: string): Promise<unknown> {
  return api.delete(`/api/rh-app/cerca/adm/${encodeURIComponent(id)}`, { idempotencyKey });
}
