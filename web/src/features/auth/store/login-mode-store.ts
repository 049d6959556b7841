import { create } from 'zustand';
import { addYears, getCookie, setCookie } from '@/lib/cookies';
import { LOGIN_MODE_COOKIE, LOGIN_MODE_COOKIE_YEARS } from '@/lib/config';

/** Star = user name and password (default), Google, Face (third mode, not offered here). */
export type LoginMode = 'Star' | 'Google' | 'Face';

/** VITE_LOGIN_MODE=GOOGLE or DEFAULT forces a mode (spec portal-core §2). */
export function forcedLoginMode(env: string | undefined = import.meta.env.VITE_LOGIN_MODE): LoginMode | undefined {
  if (env === 'GOOGLE') return 'Google';
  if (env === 'DEFAULT') return 'Star';
  return undefined;
}

export function initialLoginMode(): LoginMode {
  const forced = forcedLoginMode();
  if (forced) return forced;
  const remembered = getCookie(LOGIN_MODE_COOKIE);
  return remembered === 'Google' || remembered === 'Face' || remembered === 'Star' ? remembered : 'Star';
}

interface LoginModeState {
  mode: LoginMode;
  /** The user toggles between Star and Google; the choice is remembered for 10 years. */
  setMode: (mode: 'Star' | 'Google') => void;
  reset: () => void;
}

export const useLoginModeStore = create<LoginModeState>()((set) => ({
  mode: initialLoginMode(),
  setMode: (mode) => {
    if (forcedLoginMode()) return;
    setCookie(LOGIN_MODE_COOKIE, mode, addYears(new Date(), LOGIN_MODE_COOKIE_YEARS));
    set({ mode });
  },
  reset: () => set({ mode: initialLoginMode() }),
}));
