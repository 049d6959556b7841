import { normalizeLanguage } from '@/lib/language';
import { useLanguageStore } from '@/lib/language-store';
import { useSessionStore } from '@/lib/session-store';
import type { LoginResult } from '@/lib/session-types';

/** A sign-in went through: the session is stored and the language follows the user's when it differs (spec portal-core §4). */
export function startSession(result: LoginResult): void {
  useSessionStore.getState().login(result);
  const userLanguage = normalizeLanguage(result.user.languageId);
  const { language, setLanguage } = useLanguageStore.getState();
  if (userLanguage && userLanguage !== language) setLanguage(userLanguage);
}
