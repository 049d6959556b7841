import { api } from '@/lib/api';
import type { CommandResult, Request } from './types';

/** POST requestDelivery/confirmReceipt (spec §4: receipt is confirmed through a call). */
export function confirmReceipt(requestId: string): Promise<Request> {
  return api.post<CommandResult>('/api/cac-app/requestDelivery/confirmReceipt', { requestId }).then((r) => r.data);
}
