import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '@/lib/server-message';
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
}

/** Step 2 of the login: user name (trimmed) and password, validated on change. */
export function CredentialsForm({ onSubmit }: CredentialsFormProps) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState<CredentialValues>({ userName: '', password: '' });
  const [touched, setTouched] = useState<Partial<Record<CredentialField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors<CredentialField>>({});
  const [submitting, setSubmitting] = useState(false);

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
      </Stack>
    </form>
  );
}
