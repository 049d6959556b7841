import { create } from 'zustand';
import { registerStoreReset } from '@/lib/store-reset';
import type { ClockPlace } from '../utils/register-rules';

// The quick time-clock drawer's client state. Where the browser says the user is, and the
// place the server finds for it, are not kept here (hooks/use-capture-location).
interface ClockState {
  /** The quick time-clock drawer is open. */
  opened: boolean;
  /** The address the user picked instead of the captured one (a saved or typed address). */
  chosen: ClockPlace | null;
  /** True once the user picked an address other than the captured one. */
  userChose: boolean;
  /** Bumped whenever the user picks an address; restarts the highlight pulse. */
  addressVersion: number;
  /** A mark was registered since the drawer opened. */
  registered: boolean;
  open: () => void;
  /** Closing the drawer forgets everything, which re-enables the register button. */
  close: () => void;
  selectAddress: (place: ClockPlace) => void;
  /** Back to the captured place. */
  selectCaptured: () => void;
  markRegistered: () => void;
  reset: () => void;
}

const initial = {
  opened: false,
  chosen: null,
  userChose: false,
  addressVersion: 0,
  registered: false,
};

export const useClockStore = create<ClockState>()((set) => ({
  ...initial,
  open: () => set({ ...initial, opened: true }),
  close: () => set({ ...initial }),
  selectAddress: (place) => set((s) => ({ chosen: place, userChose: true, addressVersion: s.addressVersion + 1 })),
  selectCaptured: () => set((s) => ({ chosen: null, userChose: false, addressVersion: s.addressVersion + 1 })),
  markRegistered: () => set({ registered: true }),
  reset: () => set({ ...initial }),
}));

registerStoreReset(() => useClockStore.getState().reset());
