import { create } from 'zustand';
import { registerStoreReset } from '@/lib/store-reset';
import { localDateKey } from '@/lib/datetime';

/** Mood state (spec portal-business §3: saving, loading, referenceDate, moodCount). */
interface MoodState {
  saving: boolean;
  loading: boolean;
  /** The nine-box's reference date, YYYY-MM-DD in the browser's time zone. */
  referenceDate: string;
  /** Team members placed in the nine-box for the reference date. */
  moodCount: number;
  setSaving: (saving: boolean) => void;
  setLoading: (loading: boolean) => void;
  setReferenceDate: (date: string) => void;
  setMoodCount: (n: number) => void;
  reset: () => void;
}

const initial = () => ({ saving: false, loading: false, referenceDate: localDateKey(new Date()), moodCount: 0 });

export const useMoodStore = create<MoodState>()((set) => ({
  ...initial(),
  setSaving: (saving) => set({ saving }),
  setLoading: (loading) => set({ loading }),
  setReferenceDate: (referenceDate) => set({ referenceDate }),
  setMoodCount: (moodCount) => set({ moodCount }),
  reset: () => set(initial()),
}));

registerStoreReset(() => useMoodStore.getState().reset());
