import { create } from 'zustand';
import { registerStoreReset } from '@/lib/store-reset';
import type { RequestSource } from '../api/types';
import { sameScope, type ListScope } from '../utils/paths';

/** Request lists are paged by 8 (spec portal-business §9, request history page size). */
export const PAGE_SIZE = 8;

/** The member a manager acts for (the 'my team' dialog): that member's key and name. */
export interface ActingFor {
  m01Ukey: string;
  name: string;
}

/** The page a screen shows, and the scope it belongs to (a new scope starts at page 1). */
interface PageOf {
  scope: ListScope;
  page: number;
}

interface RequestListState {
  /** Acting for a team member: the requests screen lists and files that member's requests. */
  actingFor: ActingFor | null;
  pages: Partial<Record<RequestSource, PageOf>>;
  /** The labels seen on the requests listed this session (the side panel's labels). */
  labels: string[];
  setActingFor: (member: ActingFor | null) => void;
  setPage: (source: RequestSource, scope: ListScope, page: number) => void;
  /** Adds the labels of the requests just listed. */
  noteLabels: (requests: readonly { labels?: string[] | null }[]) => void;
  reset: () => void;
}

const initial = { actingFor: null, pages: {}, labels: [] as string[] };

/** The client state of the request screens; the lists themselves are queries (api/queries). */
export const useRequestListStore = create<RequestListState>()((set, get) => ({
  ...initial,
  setActingFor: (member) => set((s) => ({ actingFor: member, pages: { ...s.pages, request: undefined } })),
  setPage: (source, scope, page) => set((s) => ({ pages: { ...s.pages, [source]: { scope, page: Math.max(1, page) } } })),
  noteLabels: (requests) => {
    const seen = new Set(get().labels);
    for (const r of requests) for (const l of r.labels ?? []) seen.add(l);
    if (seen.size !== get().labels.length) set({ labels: [...seen].sort() });
  },
  reset: () => set({ ...initial }),
}));

/** The page a screen shows for a scope: the one chosen while on it, else 1. */
export function pageOf(state: Pick<RequestListState, 'pages'>, source: RequestSource, scope: ListScope): number {
  const p = state.pages[source];
  return p && sameScope(p.scope, scope) ? p.page : 1;
}

registerStoreReset(() => useRequestListStore.getState().reset());
