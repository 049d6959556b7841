import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoginPage } from '@/features/auth/pages/LoginPage';
import { TOKEN_SIGN_IN_PATH } from '@/features/auth/paths';
import { FOLLOW_PATH } from '@/features/ombudsman/paths';
import { HOME_PATH } from '@/lib/config';
import { SERVER_ERROR_PATH } from './layout/paths';
import { lazyPage } from './lazy-page';
import { GuestRoute } from './routes/GuestRoute';

// Everything behind the sign-in is one lazy chunk, the 404 page included (inside the app
// chrome when signed in): the login page loads only what it shows.
const SignedInRoutes = lazy(() => import('./SignedInRoutes'));
// The other pages before the sign-in load on first use too.
const ForgotPasswordPage = lazyPage(() => import('@/features/auth/pages/ForgotPasswordPage'), 'ForgotPasswordPage');
const ChangePasswordPage = lazyPage(() => import('@/features/auth/pages/ChangePasswordPage'), 'ChangePasswordPage');
const TokenSignInPage = lazyPage(() => import('@/features/auth/pages/TokenSignInPage'), 'TokenSignInPage');
const LogoutPage = lazyPage(() => import('@/features/auth/pages/LogoutPage'), 'LogoutPage');
const CallbackPage = lazyPage(() => import('@/features/auth/pages/CallbackPage'), 'CallbackPage');
const FollowPage = lazyPage(() => import('@/features/ombudsman/pages/FollowPage'), 'FollowPage');
const ServerErrorPage = lazyPage(() => import('./layout/ServerErrorPage'), 'ServerErrorPage');

const loading = (
  <Center h="100vh">
    <Loader />
  </Center>
);

/** Routes of spec portal-core §2 built so far. */
export function AppRoutes() {
  return (
    <Suspense fallback={loading}>
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
      <Route path={FOLLOW_PATH} element={<FollowPage />} />
      <Route path={SERVER_ERROR_PATH} element={<ServerErrorPage />} />
      <Route path="*" element={<SignedInRoutes />} />
    </Routes>
    </Suspense>
  );
}
