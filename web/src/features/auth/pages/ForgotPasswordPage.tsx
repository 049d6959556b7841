import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { LOGIN_PATH } from '@/lib/config';
import { confirmForgotPassword } from '../api/password-calls';
import { AuthPageShell } from '../components/AuthPageShell';
import { ResetPasswordForm } from '../components/ResetPasswordForm';
import { usePasswordFlowStore } from '../store/password-flow-store';
import type { ResetValues } from '../utils/reset-password-form';
import { useBackToLogin } from '../utils/use-back-to-login';

/**
 * /forgot-password (spec portal-core §2): the code e-mailed by AdminForgotPassword and the
 * new password. Without forgot data (no code was requested) it goes to /login; after the
 * reset, to the login of the company.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('authFlows');
  // The data of the flow as the page opened: clearing the store when leaving must not
  // redirect this page first.
  const [forgot] = useState(() => usePasswordFlowStore.getState().forgot);
  const backToLogin = useBackToLogin(forgot?.accessCode, usePasswordFlowStore((s) => s.clearForgot));

  if (!forgot) return <Navigate to={LOGIN_PATH} replace />;

  // A sign-in call (no session yet): sent from the form, which shows its progress.
  const onSubmit = ({ codverify: code, newPassword }: ResetValues) =>
    confirmForgotPassword({ ...forgot, code, newPassword }).then(() => backToLogin(t('forgot.success')));

  return (
    <AuthPageShell title={t('forgot.title')} intro={t('forgot.instructions', { userName: forgot.userName })} testId="forgot-password-page">
      <ResetPasswordForm onSubmit={onSubmit} onBackToLogin={() => backToLogin()} />
    </AuthPageShell>
  );
}
