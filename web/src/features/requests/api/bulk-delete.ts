import { request } from '@/lib/api';
import type { CommandContext } from '@/lib/query';

/** A request the server left in place, with its reason ({type, message}; message is a server key). */
export interface BulkRefusal {
  id: string;
  type: string;
  message: string;
}

export interface BulkDeleteResult {
  deleted: string[];
  refused: BulkRefusal[];
}

/** DELETE api/cac-app/request/bulk {ids} (docs/api.md): each request removed by its own command. */
export function bulkDeleteRequests(ids: readonly string[], ctx?: CommandContext): Promise<BulkDeleteResult> {
  return request<BulkDeleteResult>('DELETE', '/api/cac-app/request/bulk', { body: { ids }, idempotencyKey: ctx?.idempotencyKey });
}

/** The §8 outcome of a bulk delete: all deleted, none, or some. */
export function bulkOutcome(r: BulkDeleteResult): 'success' | 'failure' | 'partial' {
  if (r.refused.length === 0) return 'success';
  return r.deleted.length === 0 ? 'failure' : 'partial';
}
