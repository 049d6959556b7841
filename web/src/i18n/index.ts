import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources, NAMESPACES } from './resources';
import { DEFAULT_LANGUAGE, LANGUAGES, detectLanguage } from '@/lib/language';

// Resources are bundled (three small languages), so init is synchronous and
// no translation ever flashes in as a key.
void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});

export default i18n;
