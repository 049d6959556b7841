import { api } from '@/lib/api';
import { SAVED_ADDRESSES_PATH } from './get-saved-addresses';

/** DELETE historico-endereco-ponto?ukey=…: removes one saved address. */
export function deleteSavedAddress(ukey: string): Promise<{ success: boolean }> {
  return api.delete<{ success: boolean }>(SAVED_ADDRESSES_PATH, { userHash: true, query: { ukey } });
}
