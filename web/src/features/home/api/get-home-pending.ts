import { api } from '@/lib/api';

/** One kind of pending item (docs/api.md "Home banner"). */
export interface PendingItem {
  kind: string;
  count: number;
  link?: string;
}

export interface HomePending {
  items: PendingItem[];
  total: number;
}

/** GET /api/gen/HomePage/pending?tenId: the banner's pending items (pwa-rh-adm, -ges, -col). */
export function getHomePending(signal?: AbortSignal): Promise<HomePending> {
  return api.get<HomePending>('/api/gen/HomePage/pending', { signal });
}
