import { buildUrl } from '@/lib/api';
import { employeeRequest } from './employee-request';

/** The receipt of the employee's newest punch (issue 31), fetched with their own token. */
export interface KioskReceipt {
  nsr: number;
  hash: string;
  pdf: Blob;
}

/**
 * Reads the receipt of the punch just made and its PDF, while the employee is still signed
 * in at the kiosk (the receipt is written in the punch's own transaction). A failure only
 * loses the receipt, never the punch: it answers undefined.
 */
export async function employeeReceipt({ token, tenId, userHash }: { token: string; tenId: string; userHash: string }): Promise<KioskReceipt | undefined> {
  try {
    const list = await employeeRequest<{ markId: string; nsr: number; hash: string }[]>('GET', '/api/rep/receipts', { token, query: { tenId, userHash } });
    const r = list[0];
    if (!r) return undefined;
    const res = await fetch(buildUrl(`/api/rep/receipts/${encodeURIComponent(r.markId)}/pdf`, { tenId, userHash }), {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!res.ok) return undefined;
    return { nsr: r.nsr, hash: r.hash, pdf: await res.blob() };
  } catch {
    return undefined;
  }
}
