import { create } from 'zustand';
import { registerStoreReset } from '@/lib/store-reset';

interface NotificationPanelState {
  /** The notification panel is open. */
  panelOpen: boolean;
  setPanelOpen: (open: boolean) => void;
  togglePanel: () => void;
  reset: () => void;
}

/** Whether the notification panel is open (the list itself is a query: hooks/use-notifications). */
export const useNotificationPanelStore = create<NotificationPanelState>()((set) => ({
  panelOpen: false,
  setPanelOpen: (open) => set({ panelOpen: open }),
  togglePanel: () => set((s) => ({ panelOpen: !s.panelOpen })),
  reset: () => set({ panelOpen: false }),
}));

registerStoreReset(() => useNotificationPanelStore.getState().reset());
