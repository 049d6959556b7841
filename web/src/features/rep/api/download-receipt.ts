import { api } from '@/lib/api';
import { saveBlob } from '@/lib/download';
import type { Receipt } from './types';

/** Downloads a receipt's PDF. */
export async function downloadReceipt(r: Receipt): Promise<void> {
  saveBlob(await api.blob(`/api/rep/receipts/${encodeURIComponent(r.markId)}/pdf`), `comprovante-${String(r.nsr).padStart(9, '0')}.pdf`);
}
