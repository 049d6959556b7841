import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { freshAccessToken } from '@/lib/api';
import { HOME_PATH, LOGIN_PATH } from '@/lib/config';
import { useCommand, type CommandContext } from '@/lib/query';
import { selectIsAuthenticated, useSessionStore } from '@/lib/session-store';
import { changePassword, newPasswordRequired } from '../api/password-calls';
import { AuthPageShell } from '../components/AuthPageShell';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { usePasswordFlowStore } from '../store/password-flow-store';
import type { ChangeValues } from '../utils/change-password-form';
import { useBackToLogin } from '../utils/use-back-to-login';

/** The signed-in user's change, with a fresh access token (the server checks it is theirs). */
async function changeOwnPassword(values: ChangeValues, ctx?: CommandContext) {
  const accessToken = (await freshAccessToken()) ?? '';
  return changePassword({ accessToken, previousPassword: values.password, proposedPassword: values.newPassword }, ctx);
}

/**
 * /change-password (spec portal-core §2, §4): signed in, the user changes the password
 * (current password asked) and stays signed in; after a sign-in's NEW_PASSWORD_REQUIRED
 * challenge, the new password completes it and the user goes to the login. Otherwise the
 * page goes to /login.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation('authFlows');
  const navigate = useNavigate();
  const signedIn = useSessionStore(selectIsAuthenticated);
  const [challenge] = useState(() => usePasswordFlowStore.getState().challenge);
  const backToLogin = useBackToLogin(challenge?.accessCode, usePasswordFlowStore((s) => s.clearChallenge));
  const changing = useCommand(changeOwnPassword, {
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('change.success') });
      navigate(HOME_PATH, { replace: true });
    },
  });

  if (!signedIn && !challenge) return <Navigate to={LOGIN_PATH} replace />;

  if (signedIn) {
    return (
      <AuthPageShell title={t('change.title')} testId="change-password-page">
        <ChangePasswordForm needsCurrent onSubmit={changing.mutateAsync} onCancel={() => navigate(HOME_PATH)} />
      </AuthPageShell>
    );
  }

  const { sessionId, userName, accessCode, userHash } = challenge!;
  // A sign-in call (no session yet): sent from the form, which shows its progress.
  const onSubmit = ({ newPassword }: ChangeValues) =>
    newPasswordRequired({ sessionId, newPassword, userName, accessCode, userHash }).then(() => backToLogin(t('change.successLogin')));
  return (
    <AuthPageShell title={t('change.title')} intro={t('change.challengeText', { userName })} testId="change-password-page">
      <ChangePasswordForm needsCurrent={false} onSubmit={onSubmit} onCancel={() => backToLogin()} />
    </AuthPageShell>
  );
}
