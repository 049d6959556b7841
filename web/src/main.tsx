import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/a11y.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/i18n';
import { App } from '@/app/App';
import { useLanguageStore } from '@/lib/language-store';
import { checkStoredSession } from '@/lib/session-store';

// Session start (spec portal-core §4): an expired stored token is dropped
// before anything renders; the persisted store is read synchronously.
checkStoredSession();
document.documentElement.lang = useLanguageStore.getState().language;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
