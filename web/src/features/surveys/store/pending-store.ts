import { create } from 'zustand';
import { registerStoreReset } from '@/lib/store-reset';
import { getPendingSurveys } from '../api/get-pending-surveys';
import type { PendingSurvey } from '../api/types';
import { withValue } from '../utils/answers';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

interface PendingState {
  /** The surveys still to answer (GET lista-pendentes-login). */
  surveys: PendingSurvey[];
  status: LoadStatus;
  /** The drawer "pesquisas e enquetes" is open. */
  opened: boolean;
  /** The drawer was shown once this session (it opens by itself only at sign-in). */
  shown: boolean;
  /** The surveys finished this session: the server confirmed them, so a list read before its
   * read model caught up must not bring them back. */
  finished: string[];
  /** Loads the list; opens the drawer the first time it is not empty. */
  load: () => Promise<void>;
  /** Drops a survey the server confirmed finished, then reloads the list. */
  finish: (surveyId: string) => Promise<void>;
  /** Keeps a saved answer in the list (so the progress and the reopened card show it). */
  setAnswer: (surveyId: string, ukey: string, value: string) => void;
  /** Keeps a saved step in the list. */
  setStep: (surveyId: string, step: number) => void;
  open: () => void;
  close: () => void;
  reset: () => void;
}

const initial = {
  surveys: [] as PendingSurvey[],
  finished: [] as string[],
  status: 'idle' as LoadStatus,
  opened: false,
  shown: false,
};

export const usePendingSurveyStore = create<PendingState>()((set, get) => ({
  ...initial,
  load: async () => {
    set({ status: 'loading' });
    try {
      const surveys = (await getPendingSurveys()).filter((sv) => !get().finished.includes(sv.oa8_ukey));
      const first = !get().shown && surveys.length > 0;
      set({ surveys, status: 'ready', ...(first ? { opened: true, shown: true } : {}) });
      if (surveys.length === 0) set({ opened: false });
    } catch {
      set({ status: 'failed' });
    }
  },
  finish: async (surveyId) => {
    set((s) => ({ finished: [...s.finished, surveyId], surveys: s.surveys.filter((sv) => sv.oa8_ukey !== surveyId) }));
    if (get().surveys.length === 0) set({ opened: false });
    await get().load();
  },
  setAnswer: (surveyId, ukey, value) =>
    set((s) => ({
      surveys: s.surveys.map((sv) =>
        sv.oa8_ukey !== surveyId
          ? sv
          : { ...sv, perguntas: sv.perguntas.map((q) => (q.ukey === ukey ? withValue(q, value) : q)) },
      ),
    })),
  setStep: (surveyId, step) =>
    set((s) => ({ surveys: s.surveys.map((sv) => (sv.oa8_ukey === surveyId ? { ...sv, activeStep: step } : sv)) })),
  open: () => set({ opened: true }),
  close: () => set({ opened: false }),
  reset: () => set(initial),
}));

registerStoreReset(() => usePendingSurveyStore.getState().reset());
