import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateFlowError } from '../utils/flow-messages';
import { normalizeResetCode, RESET_CODE_LENGTH, resetInitial, resetRules, resetServerErrors, type ResetValues } from '../utils/reset-password-form';
import { canSubmit, errorKey, submitHandler, useAuthForm } from '../utils/use-auth-form';
import { FormError, NewPasswordFields } from './PasswordFields';

interface ResetPasswordFormProps {
  /** Sends the code and the new password; throws the server error on failure. */
  onSubmit: (values: ResetValues) => Promise<unknown>;
  /** The link back to the login, which resets the flow. */
  onBackToLogin: () => void;
}

const CODE_STYLE = { input: { textTransform: 'uppercase', letterSpacing: '0.2em', fontFamily: 'var(--mantine-font-family-monospace)' } } as const;

/**
 * The forgot-password form (spec portal-core §2, §5): the 8-character code, forced to upper
 * case, the new password and its confirmation with show/hide toggles, 'redefinir minha
 * senha' disabled until valid and touched, and the link back to the login.
 */
export function ResetPasswordForm({ onSubmit, onBackToLogin }: ResetPasswordFormProps) {
  const { t } = useTranslation('authFlows');
  const form = useAuthForm<ResetValues>(resetInitial, resetRules);

  const submit = submitHandler(form, (values) => onSubmit({ ...values, codverify: normalizeResetCode(values.codverify) }), resetServerErrors);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError form={form} />
        <TextInput
          label={t('forgot.code')}
          maxLength={RESET_CODE_LENGTH}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          styles={CODE_STYLE}
          {...form.getInputProps('codverify')}
          onChange={(e) => form.setFieldValue('codverify', normalizeResetCode(e.currentTarget.value))}
          error={translateFlowError(errorKey(form, 'codverify'))}
          data-testid="reset-code"
        />
        <NewPasswordFields form={form} labels={[t('forgot.newPassword'), t('forgot.newPasswordConfirm')]} testId="reset-new-password" />
        <Button type="submit" fullWidth loading={form.submitting} disabled={!canSubmit(form)} data-testid="reset-submit">
          {t('forgot.submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onBackToLogin} data-testid="back-to-login">
          {t('forgot.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
