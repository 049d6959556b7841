import { api } from '@/lib/api';
import type { DeliveryEntry, DeliveryGroup } from './types';

/** GET requestDelivery/history with requestId (spec §7), oldest first. */
export function getDeliveryHistory(requestId: string, signal?: AbortSignal): Promise<DeliveryEntry[]> {
  return api
    .get<DeliveryEntry[] | null>('/api/cac-app/requestDelivery/history', { signal, query: { requestId } })
    .then((l) => l ?? []);
}

/** GET requestDelivery/grouped-history with requestId (spec §7). */
export function getDeliveryGroupedHistory(requestId: string, signal?: AbortSignal): Promise<DeliveryGroup[]> {
  return api
    .get<DeliveryGroup[] | null>('/api/cac-app/requestDelivery/grouped-history', { signal, query: { requestId } })
    .then((l) => l ?? []);
}
