import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { registerStoreReset } from './store-reset';
import type { LoginResult, SessionUser, TenantInfo } from './session-types';

export const SESSION_STORAGE_KEY = 'portal-session';

interface SessionData {
  user: SessionUser | null;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  tenant: TenantInfo | null;
  /** Why the last session ended without the user asking (e.g. invalid token). */
  logoutReason: string | null;
}

interface SessionActions {
  setTenant: (tenant: TenantInfo | null) => void;
  login: (result: LoginResult) => void;
  /** Clears user, tokens and tenant (spec portal-core §4, logout resets the whole store). */
  reset: (reason?: string) => void;
}

export type SessionState = SessionData & SessionActions;

const initialData: SessionData = {
  user: null,
  accessToken: null,
  refreshToken: null,
  idToken: null,
  tenant: null,
  logoutReason: null,
};

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      ...initialData,
      setTenant: (tenant) => set({ tenant }),
      login: (result) =>
        set({
          user: result.user,
          accessToken: result.access_token,
          refreshToken: result.refreshToken ?? null,
          idToken: result.idToken ?? null,
          logoutReason: null,
        }),
      reset: (reason) => set({ ...initialData, logoutReason: reason ?? null }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({
        user: s.user,
        accessToken: s.accessToken,
        refreshToken: s.refreshToken,
        idToken: s.idToken,
        tenant: s.tenant,
      }),
    },
  ),
);

registerStoreReset(() => useSessionStore.getState().reset());

// Narrow selectors.
export const selectUser = (s: SessionState) => s.user;
export const selectIsAuthenticated = (s: SessionState) => Boolean(s.user && s.accessToken);
export const selectAccessToken = (s: SessionState) => s.accessToken;
export const selectTenant = (s: SessionState) => s.tenant;

/**
 * Reads the `exp` claim of a JWT access token; undefined when the token is not
 * a JWT (the server may hand out opaque tokens).
 */
export function tokenExpiry(token: string): Date | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const b64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(b64.padEnd(b64.length + ((4 - (b64.length % 4)) % 4), '=')));
    return typeof json.exp === 'number' ? new Date(json.exp * 1000) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Session start (spec portal-core §4): an expired stored token clears the
 * session (auto-logout); a valid or opaque one keeps it.
 */
export function checkStoredSession(now: Date = new Date()): void {
  const { accessToken, reset } = useSessionStore.getState();
  if (!accessToken) return;
  const exp = tokenExpiry(accessToken);
  if (exp && exp.getTime() <= now.getTime()) reset('token_expirado');
}
