import { api } from '@/lib/api';
import type { CommandResult, DeliveryStatus, Request } from './types';

/** POST requestDelivery/status (HR): delivered, partially delivered, not delivered or cancelled. */
export function setDeliveryStatus(requestId: string, status: Exclude<DeliveryStatus, 'pending' | 'confirmed'>): Promise<Request> {
  return api.post<CommandResult>('/api/cac-app/requestDelivery/status', { requestId, status }).then((r) => r.data);
}
