import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import type { RequestAttachment } from './types';

/** POST anexos?requestId (multipart `file`): PDF, DOC, XLS, TXT, JPG, PNG up to 10 MB. */
export function uploadAttachment({ requestId, file }: { requestId: string; file: File }, ctx?: CommandContext): Promise<RequestAttachment> {
  return api
    .upload<{ success: boolean; data: RequestAttachment }>('/api/cac-app/anexos', file, { query: { requestId }, idempotencyKey: ctx?.idempotencyKey })
    .then((r) => r.data);
}
