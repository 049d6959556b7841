import type { ViewerFile } from '@/features/files';
import type { AttachmentKind, RequestAttachment } from './types';

const CONTENT_TYPES: Partial<Record<AttachmentKind, string>> = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png' };

/** An attachment as the file viewer reads it: its bytes from anexos/baixar (spec §7), with the bearer header. */
export function attachmentFile(a: RequestAttachment): ViewerFile {
  return { name: a.nome, url: `/api/cac-app/anexos/baixar?id=${encodeURIComponent(a.id)}`, contentType: CONTENT_TYPES[a.tipo] ?? 'application/octet-stream' };
}
