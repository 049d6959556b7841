import { api } from '@/lib/api';
import type { ApproverStep } from './types';

/** GET api/cac-app/requestApprover with requestId (spec §7): the request's approval chain. */
export function getApprovers(requestId: string, signal?: AbortSignal): Promise<ApproverStep[]> {
  return api.get<ApproverStep[] | null>('/api/cac-app/requestApprover', { signal, query: { requestId } }).then((l) => l ?? []);
}
