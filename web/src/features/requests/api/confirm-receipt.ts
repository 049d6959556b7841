import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import type { CommandResult, Request } from './types';

/** POST requestDelivery/confirmReceipt (spec §4: receipt is confirmed through a call). */
export function confirmReceipt(requestId: string, ctx?: CommandContext): Promise<Request> {
  return api
    .post<CommandResult>('/api/cac-app/requestDelivery/confirmReceipt', { requestId }, { idempotencyKey: ctx?.idempotencyKey })
    .then((r) => r.data);
}
