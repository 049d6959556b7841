import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeInitial, changeRules, changeServerErrors, type ChangeValues } from '../utils/change-password-form';
import { canSubmit, submitHandler, useAuthForm } from '../utils/use-auth-form';
import { FormError, NewPasswordFields, PasswordField } from './PasswordFields';

interface ChangePasswordFormProps {
  /** Signed in: the current password is asked too (spec portal-core §2). */
  needsCurrent: boolean;
  /** Sends the change; throws the server error on failure. */
  onSubmit: (values: ChangeValues) => Promise<unknown>;
  onCancel?: () => void;
}

/** Change password: password (signed in only), newPassword, newPasswordConfirm; validated on change. */
export function ChangePasswordForm({ needsCurrent, onSubmit, onCancel }: ChangePasswordFormProps) {
  const { t } = useTranslation('authFlows');
  const form = useAuthForm<ChangeValues>(changeInitial, changeRules(needsCurrent));

  return (
    <form onSubmit={submitHandler(form, onSubmit, changeServerErrors)} noValidate>
      <Stack gap="md">
        <FormError form={form} />
        {needsCurrent && (
          <PasswordField form={form} field="password" label={t('change.password')} testId="current-password" autoComplete="current-password" />
        )}
        <NewPasswordFields form={form} labels={[t('change.newPassword'), t('change.newPasswordConfirm')]} testId="new-password" />
        <Text size="xs" c="dimmed">
          {t('change.hint')}
        </Text>
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel} data-testid="change-password-cancel">
              {t('change.cancel')}
            </Button>
          )}
          <Button type="submit" loading={form.submitting} disabled={!canSubmit(form)} data-testid="change-password-submit">
            {t('change.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
