import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { guestResources } from './guest-resources';
import { NAMESPACES } from './namespaces';
import { DEFAULT_LANGUAGE, LANGUAGES, detectLanguage } from '@/lib/language';

// Resources are bundled, so init is synchronous and no translation ever flashes in as a key:
// the first page's namespaces here, every other one with the signed-in app (./app.ts).
void i18n.use(initReactI18next).init({
  resources: guestResources,
  lng: detectLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});

export default i18n;
