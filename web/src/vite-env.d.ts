/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** GOOGLE or DEFAULT forces the login mode (spec portal-core §2). */
  readonly VITE_LOGIN_MODE?: string;
  /** Fixes the access code; the login then hides the change-code link. */
  readonly VITE_ACCESS_CODE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
