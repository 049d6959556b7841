import { useState, type FormEvent } from 'react';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '@/lib/server-message';
import { validateAccessCode } from '../utils/login-validation';

interface AccessCodeFormProps {
  initialCode?: string;
  /** Error key from the tenant lookup (server). */
  serverError?: string | null;
  loading?: boolean;
  onSubmit: (accessCode: string) => void;
}

/** Step 1 of the login: the company access code and Continue. */
export function AccessCodeForm({ initialCode = '', serverError, loading = false, onSubmit }: AccessCodeFormProps) {
  const { t } = useTranslation('auth');
  const { t: tv } = useTranslation('validation');
  const [code, setCode] = useState(initialCode);
  const [touched, setTouched] = useState(false);
  const [serverErrorVisible, setServerErrorVisible] = useState(true);
  const localError = touched ? validateAccessCode(code) : undefined;
  const errorKey = localError ?? (serverErrorVisible ? serverError ?? undefined : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (validateAccessCode(code)) return;
    setServerErrorVisible(true);
    onSubmit(code.trim());
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('accessCode')}
          placeholder={t('accessCodePlaceholder')}
          value={code}
          autoFocus
          autoComplete="organization"
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setTouched(true);
            setServerErrorVisible(false);
          }}
          error={
            errorKey ? (
              <>
                <Text span inherit>
                  {translateFieldError(errorKey)}
                </Text>{' '}
                <Text span inherit fw={600}>
                  {tv('accessCodeHint')}
                </Text>
              </>
            ) : undefined
          }
          data-testid="access-code"
        />
        <Button type="submit" fullWidth loading={loading} disabled={!code.trim()} data-testid="continue">
          {t('continue')}
        </Button>
      </Stack>
    </form>
  );
}
