import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateFlowError } from '../utils/flow-messages';
import {
  canSubmitChange,
  changeServerErrors,
  validateChange,
  type ChangeErrorField,
  type ChangeField,
  type ChangeValues,
  type FieldErrors,
} from '../utils/password-validation';

interface ChangePasswordFormProps {
  /** Signed in: the current password is asked too (spec portal-core §2). */
  needsCurrent: boolean;
  /** Sends the change; throws the server error on failure. */
  onSubmit: (values: ChangeValues) => Promise<void>;
  onCancel?: () => void;
}

/** Change password: password (signed in only), newPassword, newPasswordConfirm; validated on change. */
export function ChangePasswordForm({ needsCurrent, onSubmit, onCancel }: ChangePasswordFormProps) {
  const { t } = useTranslation('authFlows');
  const [values, setValues] = useState<ChangeValues>({ password: '', newPassword: '', newPasswordConfirm: '' });
  const [touched, setTouched] = useState<Partial<Record<ChangeField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors<ChangeErrorField>>({});
  const [submitting, setSubmitting] = useState(false);

  const dirty = Object.values(touched).some(Boolean);
  const local = validateChange(values, needsCurrent);
  const errorFor = (field: ChangeField) => translateFlowError((touched[field] ? local[field] : undefined) ?? serverErrors[field]);

  const change = (field: ChangeField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((tt) => ({ ...tt, [field]: true }));
    setServerErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmitChange(values, needsCurrent, dirty, submitting)) return;
    setSubmitting(true);
    setServerErrors({});
    try {
      await onSubmit(values);
    } catch (err) {
      setServerErrors(changeServerErrors(err));
      setSubmitting(false);
    }
  };

  const toggle = (testId: string) => ({ 'aria-label': t('showHide'), 'data-testid': `${testId}-toggle` });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        {serverErrors.form && (
          <Alert color="red" data-testid="form-error">
            {translateFlowError(serverErrors.form)}
          </Alert>
        )}
        {needsCurrent && (
          <PasswordInput
            label={t('change.password')}
            value={values.password}
            autoComplete="current-password"
            onChange={(e) => change('password', e.currentTarget.value)}
            error={errorFor('password')}
            visibilityToggleButtonProps={toggle('current-password')}
            data-testid="current-password"
          />
        )}
        <PasswordInput
          label={t('change.newPassword')}
          value={values.newPassword}
          autoComplete="new-password"
          onChange={(e) => change('newPassword', e.currentTarget.value)}
          error={errorFor('newPassword')}
          visibilityToggleButtonProps={toggle('new-password')}
          data-testid="new-password"
        />
        <PasswordInput
          label={t('change.newPasswordConfirm')}
          value={values.newPasswordConfirm}
          autoComplete="new-password"
          onChange={(e) => change('newPasswordConfirm', e.currentTarget.value)}
          error={errorFor('newPasswordConfirm')}
          visibilityToggleButtonProps={toggle('new-password-confirm')}
          data-testid="new-password-confirm"
        />
        <Text size="xs" c="dimmed">
          {t('change.hint')}
        </Text>
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel} data-testid="change-password-cancel">
              {t('change.cancel')}
            </Button>
          )}
          <Button
            type="submit"
            loading={submitting}
            disabled={!canSubmitChange(values, needsCurrent, dirty)}
            data-testid="change-password-submit"
          >
            {t('change.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
