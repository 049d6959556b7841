import { create } from 'zustand';
import { registerStoreReset } from '@/lib/store-reset';
import { localDateKey } from '@/lib/datetime';

/** The nine-box's client state (spec portal-business §3: referenceDate); its data is a query. */
interface MoodState {
  /** The nine-box's reference date, YYYY-MM-DD in the browser's time zone. */
  referenceDate: string;
  setReferenceDate: (date: string) => void;
  reset: () => void;
}

const initial = () => ({ referenceDate: localDateKey(new Date()) });

export const useMoodStore = create<MoodState>()((set) => ({
  ...initial(),
  setReferenceDate: (referenceDate) => set({ referenceDate }),
  reset: () => set(initial()),
}));

registerStoreReset(() => useMoodStore.getState().reset());
