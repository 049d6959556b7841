import { useState, type FormEvent } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '@/lib/server-message';
import { translateFlowError } from '../utils/flow-messages';
import { validateForgotRequest } from '../utils/password-validation';
import {
  canSubmitCredentials,
  credentialServerErrors,
  normalizeUserName,
  validateCredentials,
  type CredentialField,
  type CredentialValues,
  type FieldErrors,
} from '../utils/login-validation';

interface CredentialsFormProps {
  /** Sends the credentials; throws the server error on failure. */
  onSubmit: (values: CredentialValues) => Promise<void>;
  /** The forgot link: requests a code for the (trimmed) user name; throws the server error. */
  onForgot?: (userName: string) => Promise<void>;
  /** The company's access code, which the forgot link needs too. */
  accessCode?: string;
}

/** Step 2 of the login: user name (trimmed) and password, validated on change. */
export function CredentialsForm({ onSubmit, onForgot, accessCode }: CredentialsFormProps) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState<CredentialValues>({ userName: '', password: '' });
  const [touched, setTouched] = useState<Partial<Record<CredentialField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors<CredentialField>>({});
  const [submitting, setSubmitting] = useState(false);
  const { t: tf } = useTranslation('authFlows');
  const [forgotError, setForgotError] = useState<string | undefined>();
  const [forgotting, setForgotting] = useState(false);

  // The forgot link requires the user name ('Informe o usuário', on its field) and the
  // access code ('Informe o Código de Acesso') (spec portal-core §5).
  const forgot = async () => {
    if (!onForgot || forgotting) return;
    const errors = validateForgotRequest(values.userName, accessCode);
    setForgotError(errors.accessCode);
    if (errors.userName) {
      setTouched((tt) => ({ ...tt, userName: true }));
      setServerErrors((e) => ({ ...e, userName: undefined }));
    }
    if (errors.userName || errors.accessCode) return;
    setForgotting(true);
    try {
      await onForgot(normalizeUserName(values.userName));
    } catch (err) {
      setServerErrors(credentialServerErrors(err));
      setForgotting(false);
    }
  };

  const dirty = Boolean(touched.userName || touched.password);
  const localErrors = validateCredentials(values);
  const errorFor = (field: CredentialField) =>
    translateFieldError((touched[field] ? localErrors[field] : undefined) ?? serverErrors[field]);

  const change = (field: CredentialField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmitCredentials(values, dirty, submitting)) return;
    setSubmitting(true);
    setServerErrors({});
    try {
      await onSubmit({ userName: normalizeUserName(values.userName), password: values.password });
    } catch (err) {
      setServerErrors(credentialServerErrors(err));
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('userName')}
          value={values.userName}
          autoComplete="username"
          autoFocus
          onChange={(e) => change('userName', e.currentTarget.value)}
          onBlur={() => setValues((v) => ({ ...v, userName: normalizeUserName(v.userName) }))}
          error={errorFor('userName')}
          data-testid="username"
        />
        <PasswordInput
          label={t('password')}
          value={values.password}
          autoComplete="current-password"
          onChange={(e) => change('password', e.currentTarget.value)}
          error={errorFor('password')}
          data-testid="password"
        />
        <Button
          type="submit"
          fullWidth
          loading={submitting}
          disabled={!canSubmitCredentials(values, dirty)}
          data-testid="login"
        >
          {t('login')}
        </Button>
        {onForgot && (
          <Stack gap={2} align="center">
            <Anchor component="button" type="button" size="sm" onClick={() => void forgot()} disabled={forgotting} data-testid="forgot-password">
              {forgotting ? tf('forgot.sending') : tf('forgot.link')}
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
