import { api } from '@/lib/api';
import type { RequestAttachment } from './types';

/**
 * GET api/cac-app/anexos/baixar with id (spec §7), with the bearer header, and saves the
 * file in the browser under its name.
 */
export async function downloadAttachment(a: RequestAttachment): Promise<void> {
  const blob = await api.blob('/api/cac-app/anexos/baixar', { query: { id: a.id } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = a.nome;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
