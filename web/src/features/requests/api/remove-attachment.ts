import { api } from '@/lib/api';

/** DELETE api/cac-app/anexos?id: removes a file from a request that is still editable. */
export function removeAttachment(id: string): Promise<void> {
  return api.delete<void>('/api/cac-app/anexos', { query: { id } });
}
