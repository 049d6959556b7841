import { api } from '@/lib/api';
import type { RequestAttachment } from './types';

/** POST anexos?requestId (multipart `file`): PDF, DOC, XLS, TXT, JPG, PNG up to 10 MB. */
export function uploadAttachment(requestId: string, file: File): Promise<RequestAttachment> {
  return api
    .upload<{ success: boolean; data: RequestAttachment }>('/api/cac-app/anexos', file, { query: { requestId } })
    .then((r) => r.data);
}
