import { api } from '@/lib/api';
import type { Adjustment, ApprovalArea, ApprovalList, FilterHandle } from './types';

/** GET rh-app/ajuste-ponto: the adjustment requests of an approval screen. */
export function getAdjustments(area: ApprovalArea, lista: ApprovalList, filterHandle: FilterHandle, signal?: AbortSignal): Promise<Adjustment[]> {
  return api
    .get<Adjustment[] | null>('/api/rh-app/ajuste-ponto', { query: { area, lista, filterHandle }, userHash: true, signal })
    .then((list) => list ?? []);
}
