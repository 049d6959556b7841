/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** GOOGLE or DEFAULT forces the login mode (spec portal-core §2). */
  readonly VITE_LOGIN_MODE?: string;
  /** Fixes the access code; the login then hides the change-code link. */
  readonly VITE_ACCESS_CODE?: string;
  /** "true" builds the manager-requests variant (spec portal-core §1). */
  readonly VITE_MANAGER_REQUESTS?: string;
  /** Overrides the role-dependent idle time-out, in milliseconds (tests). */
  readonly VITE_IDLE_TIMEOUT_MS?: string;
  /** Overrides the 15-second idle countdown, in seconds (tests). */
  readonly VITE_IDLE_COUNTDOWN_S?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
