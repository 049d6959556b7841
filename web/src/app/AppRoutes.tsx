import { Navigate, Route, Routes } from 'react-router-dom';
import { ChangePasswordPage, ForgotPasswordPage, LoginPage, LogoutPage, TOKEN_SIGN_IN_PATH, TokenSignInPage } from '@/features/auth';
import { AUDIT_PATH, auditRoutes } from '@/features/audit';
import { CallbackPage } from '@/features/auth/pages/CallbackPage';
import { HomePage } from '@/features/home';
import { MoodCheckIn, NINE_BOX_PATH, NineBoxPage } from '@/features/mood';
import { ADJUSTMENT_PATHS, adjustmentRoutes } from '@/features/punch-adjustments';
import { REQUEST_BUILT_PATHS, requestRoutes } from '@/features/requests';
import { SURVEY_ROUTES } from '@/features/surveys';
import { VACATION_MENU_URLS, vacationRoutes } from '@/features/vacations';
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
          <Route path={HOME_PATH} element={<HomePage bannerPanels={<MoodCheckIn />} />} />
          <Route path="/pages/profile" element={<ProfilePage />} />
          <Route
            path={NINE_BOX_PATH}
            element={
              <RouteAccess menuId="tools_007">
                <NineBoxPage />
              </RouteAccess>
            }
          />
          {SURVEY_ROUTES.map((r) => (
            <Route key={r.path} path={r.path} element={<RouteAccess menuId={r.menuId}>{r.element}</RouteAccess>} />
          ))}
          {adjustmentRoutes()}
          {vacationRoutes()}
          {auditRoutes()}
          {requestRoutes((menuId, element) => <RouteAccess menuId={menuId}>{element}</RouteAccess>)}
          {menuAreaRoutes([NINE_BOX_PATH, ...SURVEY_ROUTES.map((r) => r.menuUrl), ...ADJUSTMENT_PATHS, ...VACATION_MENU_URLS, ...REQUEST_BUILT_PATHS, AUDIT_PATH])}
        </Route>
      </Route>
      <Route path={SERVER_ERROR_PATH} element={<ServerErrorPage />} />
      <Route path={NOT_FOUND_PATH} element={<NotFoundPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
