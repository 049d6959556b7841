import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateFlowError } from '../utils/flow-messages';
import {
  canSubmitReset,
  normalizeResetCode,
  RESET_CODE_LENGTH,
  resetServerErrors,
  validateReset,
  type FieldErrors,
  type ResetErrorField,
  type ResetField,
  type ResetValues,
} from '../utils/password-validation';

interface ResetPasswordFormProps {
  /** Sends the code and the new password; throws the server error on failure. */
  onSubmit: (values: ResetValues) => Promise<void>;
  /** The link back to the login, which resets the flow. */
  onBackToLogin: () => void;
}

/**
 * The forgot-password form (spec portal-core §2, §5): the 8-character code, forced to upper
 * case, the new password and its confirmation with show/hide toggles, 'redefinir minha
 * senha' disabled until valid and touched, and the link back to the login.
 */
export function ResetPasswordForm({ onSubmit, onBackToLogin }: ResetPasswordFormProps) {
  const { t } = useTranslation('authFlows');
  const [values, setValues] = useState<ResetValues>({ codverify: '', newPassword: '', newPasswordConfirm: '' });
  const [touched, setTouched] = useState<Partial<Record<ResetField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors<ResetErrorField>>({});
  const [submitting, setSubmitting] = useState(false);

  const anyTouched = Object.values(touched).some(Boolean);
  const local = validateReset(values);
  const errorFor = (field: ResetField) => translateFlowError((touched[field] ? local[field] : undefined) ?? serverErrors[field]);

  const change = (field: ResetField, value: string) => {
    setValues((v) => ({ ...v, [field]: field === 'codverify' ? normalizeResetCode(value) : value }));
    setTouched((tt) => ({ ...tt, [field]: true }));
    setServerErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmitReset(values, anyTouched, submitting)) return;
    setSubmitting(true);
    setServerErrors({});
    try {
      await onSubmit({ ...values, codverify: normalizeResetCode(values.codverify) });
    } catch (err) {
      setServerErrors(resetServerErrors(err));
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
        <TextInput
          label={t('forgot.code')}
          value={values.codverify}
          maxLength={RESET_CODE_LENGTH}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          styles={{ input: { textTransform: 'uppercase', letterSpacing: '0.2em', fontFamily: 'var(--mantine-font-family-monospace)' } }}
          onChange={(e) => change('codverify', e.currentTarget.value)}
          error={errorFor('codverify')}
          data-testid="reset-code"
        />
        <PasswordInput
          label={t('forgot.newPassword')}
          value={values.newPassword}
          autoComplete="new-password"
          onChange={(e) => change('newPassword', e.currentTarget.value)}
          error={errorFor('newPassword')}
          visibilityToggleButtonProps={toggle('reset-new-password')}
          data-testid="reset-new-password"
        />
        <PasswordInput
          label={t('forgot.newPasswordConfirm')}
          value={values.newPasswordConfirm}
          autoComplete="new-password"
          onChange={(e) => change('newPasswordConfirm', e.currentTarget.value)}
          error={errorFor('newPasswordConfirm')}
          visibilityToggleButtonProps={toggle('reset-new-password-confirm')}
          data-testid="reset-new-password-confirm"
        />
        <Button type="submit" fullWidth loading={submitting} disabled={!canSubmitReset(values, anyTouched)} data-testid="reset-submit">
          {t('forgot.submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onBackToLogin} data-testid="back-to-login">
          {t('forgot.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
