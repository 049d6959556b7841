import { api } from '@/lib/api';
import { saveBlob } from '@/lib/download';
import type { RequestAttachment } from './types';

/**
 * GET api/cac-app/anexos/baixar with id (spec §7), with the bearer header, and saves the
 * file in the browser under its name.
 */
export async function downloadAttachment(a: RequestAttachment): Promise<void> {
  saveBlob(await api.blob('/api/cac-app/anexos/baixar', { query: { id: a.id } }), a.nome);
}
