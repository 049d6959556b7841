import { useState } from 'react';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { freshAccessToken } from '@/lib/api';
import { HOME_PATH, LOGIN_PATH } from '@/lib/config';
import { selectIsAuthenticated, useSessionStore } from '@/lib/session-store';
import { changePassword, newPasswordRequired } from '../api/password-calls';
import { AuthPageShell } from '../components/AuthPageShell';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { usePasswordFlowStore } from '../store/password-flow-store';
import type { ChangeValues } from '../utils/password-validation';

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
  const clearChallenge = usePasswordFlowStore((s) => s.clearChallenge);

  if (!signedIn && !challenge) return <Navigate to={LOGIN_PATH} replace />;

  if (signedIn) {
    const onSubmit = async (values: ChangeValues) => {
      const accessToken = (await freshAccessToken()) ?? '';
      await changePassword({ accessToken, previousPassword: values.password, proposedPassword: values.newPassword });
      notifications.show({ color: 'green', message: t('change.success') });
      navigate(HOME_PATH, { replace: true });
    };
    return (
      <AuthPageShell title={t('change.title')} testId="change-password-page">
        <ChangePasswordForm needsCurrent onSubmit={onSubmit} onCancel={() => navigate(HOME_PATH)} />
      </AuthPageShell>
    );
  }

  const c = challenge!;
  const loginPath = `${LOGIN_PATH}/${encodeURIComponent(c.accessCode)}`;
  const onSubmit = async (values: ChangeValues) => {
    await newPasswordRequired({
      sessionId: c.sessionId,
      newPassword: values.newPassword,
      userName: c.userName,
      accessCode: c.accessCode,
      userHash: c.userHash,
    });
    notifications.show({ color: 'green', message: t('change.successLogin') });
    navigate(loginPath, { replace: true });
    clearChallenge();
  };
  const cancel = () => {
    navigate(loginPath, { replace: true });
    clearChallenge();
  };
  return (
    <AuthPageShell title={t('change.title')} testId="change-password-page">
      <Text size="sm" c="dimmed">
        {t('change.challengeText', { userName: c.userName })}
      </Text>
      <ChangePasswordForm needsCurrent={false} onSubmit={onSubmit} onCancel={cancel} />
    </AuthPageShell>
  );
}
