import { Navigate, Route, Routes } from 'react-router-dom';
import { LoginPage, LogoutPage } from '@/features/auth';
import { HomePage } from '@/features/home';
import { HOME_PATH, NOT_FOUND_PATH } from '@/lib/config';
import { Layout1 } from './layout/Layout1';
import { GuestRoute, ProtectedRoute } from './routes/guards';
import { NotFoundPage } from './routes/NotFoundPage';

/** Routes of spec portal-core §2 built so far. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
      <Route element={<GuestRoute />}>
        <Route path="/login/:accessCode?" element={<LoginPage />} />
      </Route>
      <Route path="/logout" element={<LogoutPage />} />
      <Route element={<ProtectedRoute />}>
        <Route element={<Layout1 />}>
          <Route path={HOME_PATH} element={<HomePage />} />
        </Route>
      </Route>
      <Route path={NOT_FOUND_PATH} element={<NotFoundPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
