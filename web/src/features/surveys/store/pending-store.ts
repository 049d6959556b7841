import { create } from 'zustand';
import { registerStoreReset } from '@/lib/store-reset';

// The sign-in drawer "pesquisas e enquetes" (spec §2): whether it is open, and what this
// session knows better than a list read a moment too early. The surveys themselves are a
// query (surveyQueries.pending).

interface PendingState {
  /** The drawer is open. */
  opened: boolean;
  /** The drawer was shown once this session (it opens by itself only at sign-in). */
  shown: boolean;
  /** The surveys finished this session: the server confirmed them, so a list read before its
   * read model caught up must not bring them back. */
  finished: string[];
  /** Follows the pending count: the first list of the session opens the drawer when some are
   * pending (a survey that arrives later waits for the user); none pending closes it. */
  follow: (pending: number) => void;
  /** Remembers a survey the server confirmed finished. */
  finish: (surveyId: string) => void;
  open: () => void;
  close: () => void;
  reset: () => void;
}

const initial = { finished: [] as string[], opened: false, shown: false };

export const usePendingSurveyStore = create<PendingState>()((set, get) => ({
  ...initial,
  follow: (pending) => {
    if (!get().shown) set({ opened: pending > 0, shown: true });
    else if (pending === 0) set({ opened: false });
  },
  finish: (surveyId) => set((s) => ({ finished: [...s.finished, surveyId] })),
  open: () => set({ opened: true }),
  close: () => set({ opened: false }),
  reset: () => set(initial),
}));

registerStoreReset(() => usePendingSurveyStore.getState().reset());
