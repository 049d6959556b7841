import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '@/lib/server-message';
import {
  credentialRules,
  credentialServerErrors,
  credentialsInitial,
  forgotRequestErrors,
  normalizeUserName,
  type CredentialValues,
} from '../utils/credentials-form';
import { translateFlowError } from '../utils/flow-messages';
import { canSubmit, errorKey, submitHandler, useAuthForm } from '../utils/use-auth-form';

interface CredentialsFormProps {
  /** Sends the credentials; throws the server error on failure. */
  onSubmit: (values: CredentialValues) => Promise<unknown>;
  /** The forgot link: requests a code for the (trimmed) user name; throws the server error. */
  onForgot?: (userName: string) => Promise<unknown>;
  /** The company's access code, which the forgot link needs too. */
  accessCode?: string;
}

/** The forgot link's own message (the access code it needs), beside the form's field errors. */
const FORGOT_ERROR = 'forgot';

/** Step 2 of the login: user name (trimmed) and password, validated on change. */
export function CredentialsForm({ onSubmit, onForgot, accessCode }: CredentialsFormProps) {
  const { t } = useTranslation('auth');
  const { t: tf } = useTranslation('authFlows');
  const form = useAuthForm<CredentialValues>(credentialsInitial, credentialRules);
  // The forgot link (spec portal-core §2): its call's progress and failure.
  const forgetting = useMutation({
    mutationFn: (userName: string) => onForgot?.(userName) ?? Promise.resolve(),
    onError: (err) => form.setErrors(credentialServerErrors(err)),
  });

  // The link requires the user name ('Informe o usuário', on its field) and the access code
  // ('Informe o Código de Acesso', under the link) (spec portal-core §5).
  const forgot = () => {
    if (!onForgot || forgetting.isPending) return;
    const errors = forgotRequestErrors(form.values.userName, accessCode);
    form.setFieldError(FORGOT_ERROR, errors.accessCode);
    if (errors.userName) form.setFieldError('userName', errors.userName);
    if (errors.userName || errors.accessCode) return;
    forgetting.mutate(normalizeUserName(form.values.userName));
  };

  const submit = submitHandler(form, (values) => onSubmit({ userName: normalizeUserName(values.userName), password: values.password }), credentialServerErrors);

  const forgotError = errorKey(form, FORGOT_ERROR);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('userName')}
          autoComplete="username"
          autoFocus
          {...form.getInputProps('userName')}
          onBlur={() => {
            const trimmed = normalizeUserName(form.values.userName);
            if (trimmed !== form.values.userName) form.setFieldValue('userName', trimmed);
          }}
          error={translateFieldError(errorKey(form, 'userName'))}
          data-testid="username"
        />
        <PasswordInput
          label={t('password')}
          autoComplete="current-password"
          {...form.getInputProps('password')}
          error={translateFieldError(errorKey(form, 'password'))}
          data-testid="password"
        />
        <Button type="submit" fullWidth loading={form.submitting} disabled={!canSubmit(form)} data-testid="login">
          {t('login')}
        </Button>
        {onForgot && (
          <Stack gap={2} align="center">
            <Anchor component="button" type="button" size="sm" onClick={forgot} disabled={forgetting.isPending} data-testid="forgot-password">
              {forgetting.isPending ? tf('forgot.sending') : tf('forgot.link')}
            </Anchor>
            {forgotError && (
              <Text size="xs" c="red" data-testid="forgot-error">
                {translateFlowError(forgotError)}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </form>
  );
}
