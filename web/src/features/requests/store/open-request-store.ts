import { create } from 'zustand';
import { ApiError } from '@/lib/api';
import { registerStoreReset } from '@/lib/store-reset';
import { getApprovers } from '../api/get-approvers';
import { getRequest } from '../api/get-request';
import { getTimeline } from '../api/get-timeline';
import type { ApproverStep, Request, RequestWithActions, TimelineEntry } from '../api/types';

interface OpenRequestState {
  /** The request shown in the readonly dialog (from the route's :requestId). */
  id: string | null;
  request: RequestWithActions | null;
  timeline: TimelineEntry[];
  approvers: ApproverStep[];
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** The i18n key of the failure (solicitacao_nao_encontrada, ...). */
  error: string | null;
  open: (id: string) => Promise<void>;
  /** Reloads the open request, its chain and its timeline (after a push or a command). */
  refresh: () => Promise<void>;
  /** Takes a command's answer in at once, then refreshes the rest. */
  applyAnswer: (r: Request) => void;
  close: () => void;
  reset: () => void;
}

const initial = {
  id: null,
  request: null,
  timeline: [] as TimelineEntry[],
  approvers: [] as ApproverStep[],
  status: 'idle' as const,
  error: null,
};
let seq = 0;

export const useOpenRequestStore = create<OpenRequestState>()((set, get) => ({
  ...initial,

  open: async (id) => {
    if (get().id === id && get().status !== 'failed') return;
    set({ ...initial, id, status: 'loading' });
    await get().refresh();
  },

  refresh: async () => {
    const id = get().id;
    if (!id) return;
    const n = ++seq;
    try {
      const [request, approvers, timeline] = await Promise.all([getRequest(id), getApprovers(id), getTimeline(id)]);
      if (n !== seq || get().id !== id) return;
      set({ request, approvers, timeline, status: 'ready', error: null });
    } catch (err) {
      if (n !== seq || get().id !== id) return;
      set({ status: 'failed', error: err instanceof ApiError ? err.message : 'erro_rede' });
    }
  },

  applyAnswer: (r) => {
    if (get().id !== r.ac4Ukey) return;
    // A command answers the request without `acoes`: keep the buttons until the refresh says.
    set((s) => ({ request: { ...r, acoes: s.request?.acoes } }));
    void get().refresh();
  },

  close: () => {
    seq++;
    set({ ...initial });
  },
  reset: () => {
    seq++;
    set({ ...initial });
  },
}));

registerStoreReset(() => useOpenRequestStore.getState().reset());
