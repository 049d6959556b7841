import { Navigate, Route, Routes } from 'react-router-dom';
import { ChangePasswordPage, ForgotPasswordPage, LoginPage, LogoutPage, TOKEN_SIGN_IN_PATH, TokenSignInPage } from '@/features/auth';
import { CallbackPage } from '@/features/auth/pages/CallbackPage';
import { HomePage } from '@/features/home';
import { REQUEST_BUILT_PATHS, requestRoutes } from '@/features/requests';
import { HOME_PATH, NOT_FOUND_PATH } from '@/lib/config';
import { AppLayout } from './layout/AppLayout';
import { ProfilePage } from './layout/ProfilePage';
import { SERVER_ERROR_PATH, ServerErrorPage } from './layout/ServerErrorPage';
import { menuAreaRoutes } from './menu/menu-routes';
import { GuestRoute, ProtectedRoute, RouteAccess } from './routes/guards';
import { NotFoundPage } from './routes/NotFoundPage';

/** Routes of spec portal-core §2 built so far. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
      <Route element={<GuestRoute />}>
        <Route path="/login/:accessCode?" element={<LoginPage />} />
        <Route path="/login/:accessCode/*" element={<LoginPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      </Route>
      <Route path="/change-password" element={<ChangePasswordPage />} />
      <Route path={TOKEN_SIGN_IN_PATH} element={<TokenSignInPage />} />
      <Route path="/logout" element={<LogoutPage />} />
      <Route path="/callback" element={<CallbackPage />} />
      <Route element={<ProtectedRoute />}>
        <Route element={<AppLayout />}>
          <Route path={HOME_PATH} element={<HomePage />} />
          <Route path="/pages/profile" element={<ProfilePage />} />
          {requestRoutes((menuId, element) => <RouteAccess menuId={menuId}>{element}</RouteAccess>)}
          {menuAreaRoutes(REQUEST_BUILT_PATHS)}
        </Route>
      </Route>
      <Route path={SERVER_ERROR_PATH} element={<ServerErrorPage />} />
      <Route path={NOT_FOUND_PATH} element={<NotFoundPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
