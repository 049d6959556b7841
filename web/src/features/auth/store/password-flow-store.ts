import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { registerStoreReset } from '@/lib/store-reset';

/** What /forgot-password needs: the code was requested for this user (spec portal-core §2). */
export interface ForgotData {
  accessCode: string;
  userName: string;
}

/** The NEW_PASSWORD_REQUIRED challenge of a sign-in (spec §4): /change-password completes it. */
export interface ChallengeData {
  sessionId: string;
  userHash: string;
  userName: string;
  accessCode: string;
}

interface PasswordFlowState {
  forgot: ForgotData | null;
  challenge: ChallengeData | null;
  startForgot: (data: ForgotData) => void;
  startChallenge: (data: ChallengeData) => void;
  clearForgot: () => void;
  clearChallenge: () => void;
  reset: () => void;
}

export const PASSWORD_FLOW_STORAGE_KEY = 'portal-password-flow';

// Kept in sessionStorage: a reload of /forgot-password or /change-password keeps the
// flow, closing the tab forgets it.
export const usePasswordFlowStore = create<PasswordFlowState>()(
  persist(
    (set) => ({
      forgot: null,
      challenge: null,
      startForgot: (forgot) => set({ forgot, challenge: null }),
      startChallenge: (challenge) => set({ challenge, forgot: null }),
      clearForgot: () => set({ forgot: null }),
      clearChallenge: () => set({ challenge: null }),
      reset: () => set({ forgot: null, challenge: null }),
    }),
    {
      name: PASSWORD_FLOW_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ forgot: s.forgot, challenge: s.challenge }),
    },
  ),
);

registerStoreReset(() => usePasswordFlowStore.getState().reset());
