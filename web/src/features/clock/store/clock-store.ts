import { create } from 'zustand';
import { registerStoreReset } from '@/lib/store-reset';
import type { ClockPlace } from '../utils/register-rules';

interface ClockState {
  /** The quick time-clock drawer is open. */
  opened: boolean;
  /** Where the browser says the user is, with the best text found for it. */
  captured: ClockPlace | null;
  /** The address that will be registered. */
  selected: ClockPlace | null;
  /** True once the user picked an address other than the captured one. */
  userChose: boolean;
  /** Bumped whenever the selected address changes; restarts the highlight pulse. */
  addressVersion: number;
  /** A mark was registered since the drawer opened. */
  registered: boolean;
  open: () => void;
  /** Closing the drawer forgets everything, which re-enables the register button. */
  close: () => void;
  setCaptured: (place: ClockPlace) => void;
  selectAddress: (place: ClockPlace) => void;
  selectCaptured: () => void;
  markRegistered: () => void;
  reset: () => void;
}

const initial = {
  opened: false,
  captured: null,
  selected: null,
  userChose: false,
  addressVersion: 0,
  registered: false,
};

export const useClockStore = create<ClockState>()((set) => ({
  ...initial,
  open: () => set({ ...initial, opened: true }),
  close: () => set({ ...initial }),
  setCaptured: (place) =>
    set((s) =>
      s.userChose
        ? { captured: place }
        : { captured: place, selected: place, addressVersion: s.addressVersion + 1 },
    ),
  selectAddress: (place) =>
    set((s) => ({ selected: place, userChose: true, addressVersion: s.addressVersion + 1 })),
  selectCaptured: () =>
    set((s) => ({ selected: s.captured, userChose: false, addressVersion: s.addressVersion + 1 })),
  markRegistered: () => set({ registered: true }),
  reset: () => set({ ...initial }),
}));

registerStoreReset(() => useClockStore.getState().reset());
