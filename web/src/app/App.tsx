import { BrowserRouter } from 'react-router-dom';
import { LanguageSync, SessionGate } from '@/features/session';
import { AppRoutes } from './AppRoutes';
import { LiveStream } from './LiveStream';
import { AppProviders } from './provider';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <SessionGate>
          <LiveStream />
          <LanguageSync />
          <AppRoutes />
        </SessionGate>
      </BrowserRouter>
    </AppProviders>
  );
}
