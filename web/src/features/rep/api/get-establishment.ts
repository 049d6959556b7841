import { api } from '@/lib/api';
import type { Establishment } from './types';

/** The tenant's establishment (its CNPJ and last NSR). */
export function getEstablishment(): Promise<Establishment> {
  return api.get<Establishment>('/api/rep/establishment');
}
