import { api } from '@/lib/api';
import type { Receipt } from './types';

/** The caller's newest punch receipts, newest first. */
export function getReceipts(): Promise<Receipt[]> {
  return api.get<Receipt[]>('/api/rep/receipts');
}
