import { create } from 'zustand';
import { registerStoreReset } from '@/lib/store-reset';
import { dismissAllNotifications } from '../api/dismiss-all-notifications';
import { dismissNotification } from '../api/dismiss-notification';
import { getNotifications } from '../api/get-notifications';
import { markNotificationDisplayed } from '../api/mark-notification-displayed';
import type { AppNotification, NotificationChanges } from '../api/types';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

interface NotificationState {
  /** The notifications not dismissed, newest first (the panel's list). */
  items: AppNotification[];
  status: LoadStatus;
  /** The last dismiss call failed (the list was reloaded). */
  actionFailed: boolean;
  /** The notification panel is open. */
  panelOpen: boolean;
  /** Loads the list from the server (GET notification-app). */
  load: () => Promise<void>;
  /** Takes a pushed notification in; returns true when it was not known yet. */
  receive: (n: AppNotification) => boolean;
  /** Applies a "notification.changed" push (another tab displayed or dismissed). */
  applyChanges: (c: NotificationChanges) => void;
  /** Dismisses one notification: gone from the list at once, then told to the server. */
  dismiss: (id: string) => Promise<void>;
  /** Dismisses every notification. */
  dismissAll: () => Promise<void>;
  /** Records a display; resolves true when this call was the first (show the toast). */
  markDisplayed: (id: string) => Promise<boolean>;
  setPanelOpen: (open: boolean) => void;
  togglePanel: () => void;
  reset: () => void;
}

const initial = {
  items: [] as AppNotification[],
  status: 'idle' as LoadStatus,
  actionFailed: false,
  panelOpen: false,
};

/** Newest first; equal times keep their order. */
function sorted(items: AppNotification[]): AppNotification[] {
  return [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

// What happened while a load was in flight: its answer may predate it.
let loadSeq = 0;
let arrivedDuringLoad = new Map<string, AppNotification>();
let dismissedDuringLoad = new Set<string>();

export const useNotificationStore = create<NotificationState>()((set, get) => ({
  ...initial,

  load: async () => {
    const seq = ++loadSeq;
    arrivedDuringLoad = new Map();
    dismissedDuringLoad = new Set();
    set({ status: 'loading' });
    try {
      const list = await getNotifications();
      if (seq !== loadSeq) return; // a newer load (or a reset) won
      const byId = new Map(list.map((n) => [n.id, n]));
      for (const [id, n] of arrivedDuringLoad) if (!byId.has(id)) byId.set(id, n);
      for (const id of dismissedDuringLoad) byId.delete(id);
      set({ items: sorted([...byId.values()].filter((n) => !n.dismissed)), status: 'ready' });
    } catch {
      if (seq === loadSeq) set({ status: 'failed' });
    }
  },

  receive: (n) => {
    const known = get().items.some((i) => i.id === n.id);
    if (get().status === 'loading') arrivedDuringLoad.set(n.id, n);
    if (n.dismissed) {
      if (known) set((s) => ({ items: s.items.filter((i) => i.id !== n.id) }));
      return false;
    }
    set((s) => ({ items: sorted([n, ...s.items.filter((i) => i.id !== n.id)]) }));
    return !known;
  },

  applyChanges: ({ changes }) => {
    const byId = new Map(changes.map((c) => [c.id, c]));
    for (const c of changes) {
      if (c.dismissed) dismissedDuringLoad.add(c.id);
      const pending = arrivedDuringLoad.get(c.id);
      if (pending) arrivedDuringLoad.set(c.id, { ...pending, ...c });
    }
    set((s) => ({
      items: s.items
        .map((i) => {
          const c = byId.get(i.id);
          return c ? { ...i, displayed: i.displayed || c.displayed, dismissed: i.dismissed || c.dismissed } : i;
        })
        .filter((i) => !i.dismissed),
    }));
  },

  dismiss: async (id) => {
    dismissedDuringLoad.add(id);
    set((s) => ({ items: s.items.filter((i) => i.id !== id), actionFailed: false }));
    try {
      await dismissNotification(id);
    } catch {
      set({ actionFailed: true });
      await get().load();
    }
  },

  dismissAll: async () => {
    for (const i of get().items) dismissedDuringLoad.add(i.id);
    set({ items: [], actionFailed: false });
    try {
      await dismissAllNotifications();
    } catch {
      set({ actionFailed: true });
      await get().load();
    }
  },

  markDisplayed: async (id) => {
    const { first } = await markNotificationDisplayed(id);
    set((s) => ({ items: s.items.map((i) => (i.id === id ? { ...i, displayed: true } : i)) }));
    return first;
  },

  setPanelOpen: (open) => set({ panelOpen: open }),
  togglePanel: () => set((s) => ({ panelOpen: !s.panelOpen })),

  reset: () => {
    loadSeq++;
    arrivedDuringLoad = new Map();
    dismissedDuringLoad = new Set();
    set({ ...initial });
  },
}));

/** The bell's count: the notifications in the panel. */
export const selectNotificationCount = (s: NotificationState) => s.items.length;
export const selectNotifications = (s: NotificationState) => s.items;

registerStoreReset(() => useNotificationStore.getState().reset());
