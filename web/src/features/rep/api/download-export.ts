import { api } from '@/lib/api';
import { saveBlob } from '@/lib/download';
import type { ExportKind } from './types';

/** Downloads the signed AFD or AEJ of the period (a zip of the file and its .p7s). */
export async function downloadExport(kind: ExportKind, cnpj: string, from: string, to: string): Promise<void> {
  const blob = await api.blob(`/api/rep/${kind}`, { query: { cnpj, from, to } });
  saveBlob(blob, `${kind.toUpperCase()}_${cnpj}_${from}_${to}.zip`);
}
