import { create } from 'zustand';
import i18n from '@/i18n';
import { setCookie, addMonths } from './cookies';
import { LANG_COOKIE, LANG_COOKIE_MONTHS } from './config';
import { detectLanguage, type Language } from './language';

interface LanguageState {
  language: Language;
  /** Switches the UI language and remembers it in the `lang` cookie for 24 months. */
  setLanguage: (language: Language) => void;
  /** Re-reads cookie/browser; tests call it after clearing cookies. */
  reset: () => void;
}

function applyDocumentLanguage(language: Language) {
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    // pt, en and es are all left-to-right; kept for when an rtl language is added.
    document.documentElement.dir = i18n.dir(language);
  }
}

export const useLanguageStore = create<LanguageState>()((set) => ({
  language: detectLanguage(),
  setLanguage: (language) => {
    setCookie(LANG_COOKIE, language, addMonths(new Date(), LANG_COOKIE_MONTHS));
    void i18n.changeLanguage(language);
    applyDocumentLanguage(language);
    set({ language });
  },
  reset: () => {
    const language = detectLanguage();
    void i18n.changeLanguage(language);
    set({ language });
  },
}));

export const selectLanguage = (s: LanguageState) => s.language;
