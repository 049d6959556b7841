import { useEffect, useRef } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@/lib/language';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import { useCommand } from '@/lib/query';
import { useSessionStore } from '@/lib/session-store';
import { updateUserLanguage } from '../api/update-user-language';

/** The session user's language, at once (the command puts the previous one back if refused). */
function setUserLanguage(languageId: string | undefined) {
  useSessionStore.setState((s) => (s.user ? { user: { ...s.user, languageId } } : {}));
}

/**
 * Language and the signed-in user (spec portal-core §1, §4): after a sign-in the app switches
 * to the user's language if it differs; later changes of language update the user's
 * language on the server (updateUserLanguage).
 */
export function LanguageSync() {
  const { t } = useTranslation('session');
  const language = useLanguageStore(selectLanguage);
  const hash = useSessionStore((s) => s.user?.hash);
  const languageId = useSessionStore((s) => s.user?.languageId);
  const signedInAs = useRef(hash);
  const { mutate: saveLanguage } = useCommand(updateUserLanguage, {
    onMutate: (next) => {
      const previous = useSessionStore.getState().user?.languageId;
      setUserLanguage(next);
      return previous;
    },
    onError: (_err, _next, previous) => {
      setUserLanguage(previous);
      notifications.show({ color: 'red', message: t('languageSaveFailed') });
    },
  });

  // A new sign-in: take the user's language.
  useEffect(() => {
    if (hash && hash !== signedInAs.current && isLanguage(languageId) && languageId !== useLanguageStore.getState().language) {
      useLanguageStore.getState().setLanguage(languageId);
    }
    signedInAs.current = hash;
    // Only a change of user matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash]);

  // The user changed the language: tell the server.
  useEffect(() => {
    const { user } = useSessionStore.getState();
    if (!user?.hash || !user.tenId || user.hash !== signedInAs.current || user.languageId === language) return;
    saveLanguage(language);
    // Only a change of language matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language]);

  return null;
}
