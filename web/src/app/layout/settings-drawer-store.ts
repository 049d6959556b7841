import { create } from 'zustand';
import { registerStoreReset } from '@/lib/store-reset';

export type SettingsPanel = 'colors' | 'hr';

interface SettingsDrawerState {
  panel: SettingsPanel | null;
  open: (panel: SettingsPanel) => void;
  close: () => void;
  reset: () => void;
}

/** Which settings panel of the user menu is open (colour schemes, HR settings). */
export const useSettingsDrawerStore = create<SettingsDrawerState>()((set) => ({
  panel: null,
  open: (panel) => set({ panel }),
  close: () => set({ panel: null }),
  reset: () => set({ panel: null }),
}));

registerStoreReset(() => useSettingsDrawerStore.getState().reset());
