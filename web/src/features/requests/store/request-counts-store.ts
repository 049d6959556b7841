import { create } from 'zustand';
import { registerStoreReset } from '@/lib/store-reset';
import { getRequestCounts } from '../api/get-request-counts';
import type { RequestCounts } from '../api/types';

interface CountsState extends RequestCounts {
  /** Loads the menu badges (GET request/count). */
  load: () => Promise<void>;
  reset: () => void;
}

const initial: RequestCounts = { waiting: 0, approver: 0, delivery: 0 };
let seq = 0;

/** The menu badges of the three request screens, kept live by the request sync. */
export const useRequestCountsStore = create<CountsState>()((set) => ({
  ...initial,
  load: async () => {
    const n = ++seq;
    try {
      const counts = await getRequestCounts();
      if (n === seq) set({ waiting: counts.waiting ?? 0, approver: counts.approver ?? 0, delivery: counts.delivery ?? 0 });
    } catch {
      // The badge keeps its last value; the next push or page load tries again.
    }
  },
  reset: () => {
    seq++;
    set({ ...initial });
  },
}));

registerStoreReset(() => useRequestCountsStore.getState().reset());
