import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import { SAVED_ADDRESSES_PATH } from './get-saved-addresses';

/** DELETE historico-endereco-ponto?ukey=…: removes one saved address. */
export function deleteSavedAddress(ukey: string, ctx?: CommandContext): Promise<{ success: boolean }> {
  return api.delete<{ success: boolean }>(SAVED_ADDRESSES_PATH, { userHash: true, query: { ukey }, idempotencyKey: ctx?.idempotencyKey });
}
