import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import type { CommandResult, Request } from './types';

/** POST api/cac-app/request with the request as body (spec §7): a new draft. */
export function createRequest(body: Record<string, unknown>, ctx?: CommandContext): Promise<Request> {
  return api.post<CommandResult>('/api/cac-app/request', body, { idempotencyKey: ctx?.idempotencyKey }).then((r) => r.data);
}
