import { api } from '@/lib/api';
import type { SavedAddress } from './types';

export const SAVED_ADDRESSES_PATH = '/api/rh-app/colaborador/historico-endereco-ponto';

/** GET historico-endereco-ponto: the user's saved addresses (at most 5). */
export function getSavedAddresses(signal?: AbortSignal): Promise<SavedAddress[]> {
  return api
    .get<SavedAddress[] | null>(SAVED_ADDRESSES_PATH, { userHash: true, signal })
    .then((list) => list ?? []);
}
