import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { LiveStream } from './LiveStream';
import { AppProviders } from './provider';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <LiveStream />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
