import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ChangePasswordPage, ForgotPasswordPage, LoginPage, LogoutPage, TOKEN_SIGN_IN_PATH, TokenSignInPage } from '@/features/auth';
import { CallbackPage } from '@/features/auth/pages/CallbackPage';
import { HOME_PATH, NOT_FOUND_PATH } from '@/lib/config';
import { SERVER_ERROR_PATH, ServerErrorPage } from './layout/ServerErrorPage';
import { GuestRoute } from './routes/guards';
import { NotFoundPage } from './routes/NotFoundPage';

// Everything behind the sign-in is one lazy chunk: the login page loads only what it shows.
const SignedInRoutes = lazy(() => import('./SignedInRoutes'));

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
      <Route path={SERVER_ERROR_PATH} element={<ServerErrorPage />} />
      <Route path={NOT_FOUND_PATH} element={<NotFoundPage />} />
      <Route
        path="*"
        element={
          <Suspense
            fallback={
              <Center h="100vh">
                <Loader />
              </Center>
            }
          >
            <SignedInRoutes />
          </Suspense>
        }
      />
    </Routes>
  );
}
