import { create } from 'zustand';
import { ApiError } from '@/lib/api';
import { registerStoreReset } from '@/lib/store-reset';
import { getRequests } from '../api/get-requests';
import type { RequestPage, RequestSource } from '../api/types';
import { DEFAULT_FOLDER, sameScope, type ListScope } from '../utils/paths';

/** Request lists are paged by 8 (spec portal-business §9, request history page size). */
export const PAGE_SIZE = 8;

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** One screen's list: what it shows and the page it holds. */
export interface ListSlice {
  scope: ListScope;
  page: number;
  data: RequestPage | null;
  status: LoadStatus;
  /** The i18n key of the last failure. */
  error: string | null;
  /** A change was pushed while the list was not on screen: reload it when it shows again. */
  stale: boolean;
  /** Date.now() of the last answer that changed the list (the live-update tests read it). */
  updatedAt: number;
}

interface RequestListState {
  lists: Record<RequestSource, ListSlice>;
  /** The list on screen (the mounted request page), reloaded first on a push. */
  onScreen: RequestSource | null;
  setOnScreen: (source: RequestSource | null) => void;
  /** A push changed requests: reloads the list on screen, marks the others stale. */
  invalidate: () => void;
  /** The labels seen on the user's requests this session (the side panel's labels). */
  labels: string[];
  /** Acting for a team member (the 'my team' dialog): that member's key and name. */
  actingFor: { m01Ukey: string; name: string } | null;
  /** Shows this scope from page 1 (a route change). Loads unless it is already shown. */
  show: (source: RequestSource, scope: ListScope) => Promise<void>;
  setPage: (source: RequestSource, page: number) => Promise<void>;
  setActingFor: (member: { m01Ukey: string; name: string } | null) => Promise<void>;
  /** Reloads the current page (live pushes, after a command). */
  load: (source: RequestSource) => Promise<void>;
  reset: () => void;
}

function slice(source: RequestSource): ListSlice {
  return { scope: { kind: 'folder', id: DEFAULT_FOLDER[source] }, page: 1, data: null, status: 'idle', error: null, stale: false, updatedAt: 0 };
}

const initialLists = (): Record<RequestSource, ListSlice> => ({
  request: slice('request'),
  approver: slice('approver'),
  delivery: slice('delivery'),
});

// The newest load per list wins: an older answer arriving late is dropped.
const seq: Record<RequestSource, number> = { request: 0, approver: 0, delivery: 0 };

export const useRequestListStore = create<RequestListState>()((set, get) => {
  const patch = (source: RequestSource, p: Partial<ListSlice>) =>
    set((s) => ({ lists: { ...s.lists, [source]: { ...s.lists[source], ...p } } }));

  return {
    lists: initialLists(),
    onScreen: null,
    labels: [],
    actingFor: null,

    setOnScreen: (source) => set({ onScreen: source }),

    invalidate: () => {
      const { lists, onScreen } = get();
      for (const source of Object.keys(lists) as RequestSource[]) {
        if (lists[source].status === 'idle') continue;
        if (source === onScreen) void get().load(source);
        else patch(source, { stale: true });
      }
    },

    show: async (source, scope) => {
      const cur = get().lists[source];
      if (sameScope(cur.scope, scope) && cur.status !== 'idle' && !cur.stale) return;
      patch(source, { scope, page: 1, data: sameScope(cur.scope, scope) ? cur.data : null });
      await get().load(source);
    },

    setPage: async (source, page) => {
      patch(source, { page: Math.max(1, page) });
      await get().load(source);
    },

    setActingFor: async (member) => {
      set({ actingFor: member });
      patch('request', { page: 1 });
      await get().load('request');
    },

    load: async (source) => {
      const n = ++seq[source];
      const { scope, page } = get().lists[source];
      patch(source, { status: 'loading', stale: false });
      try {
        const data = await getRequests({
          source,
          scope,
          page,
          pageSize: PAGE_SIZE,
          m01Ukey: source === 'request' ? get().actingFor?.m01Ukey : undefined,
        });
        if (n !== seq[source]) return;
        patch(source, { data, status: 'ready', error: null, updatedAt: Date.now() });
        const seen = new Set(get().labels);
        for (const r of data.data) for (const l of r.labels ?? []) seen.add(l);
        if (seen.size !== get().labels.length) set({ labels: [...seen].sort() });
      } catch (err) {
        if (n === seq[source]) patch(source, { status: 'failed', error: err instanceof ApiError ? err.message : 'erro_rede' });
      }
    },

    reset: () => {
      for (const k of Object.keys(seq) as RequestSource[]) seq[k]++;
      set({ lists: initialLists(), onScreen: null, labels: [], actingFor: null });
    },
  };
});

registerStoreReset(() => useRequestListStore.getState().reset());
