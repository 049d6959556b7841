import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import type { CommandResult, DeliveryStatus, Request } from './types';

export type DeliveryChoice = Exclude<DeliveryStatus, 'pending' | 'confirmed'>;

/** POST requestDelivery/status (HR): delivered, partially delivered, not delivered or cancelled. */
export function setDeliveryStatus({ requestId, status }: { requestId: string; status: DeliveryChoice }, ctx?: CommandContext): Promise<Request> {
  return api
    .post<CommandResult>('/api/cac-app/requestDelivery/status', { requestId, status }, { idempotencyKey: ctx?.idempotencyKey })
    .then((r) => r.data);
}
