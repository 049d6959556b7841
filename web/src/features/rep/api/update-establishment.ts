import { api } from '@/lib/api';
import type { Establishment } from './types';

/** What HR may change of the employer's identification (AFD record 2). */
export interface EmployerChange {
  name: string;
  place: string;
  cno: string;
}

/** Changes the employer's identification in the REP-P (PUT /api/rep/establishment). */
export function updateEstablishment(change: EmployerChange): Promise<Establishment> {
  return api.put<Establishment>('/api/rep/establishment', change);
}
