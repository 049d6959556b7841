import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '@/lib/server-message';
import { accessCodeRules, type AccessCodeValues } from '../utils/access-code-form';
import { errorKey } from '../utils/use-auth-form';

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
  const form = useForm<AccessCodeValues>({ initialValues: { accessCode: initialCode }, validate: accessCodeRules, validateInputOnChange: true });
  // The lookup's refusal shows until the code is edited (and again after the next Continue).
  const key = errorKey(form, 'accessCode') ?? (form.isDirty('accessCode') ? undefined : serverError ?? undefined);

  const submit = form.onSubmit((values) => {
    form.resetDirty();
    onSubmit(values.accessCode.trim());
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('accessCode')}
          placeholder={t('accessCodePlaceholder')}
          autoFocus
          autoComplete="organization"
          {...form.getInputProps('accessCode')}
          error={
            key ? (
              <>
                <Text span inherit>
                  {translateFieldError(key)}
                </Text>{' '}
                <Text span inherit fw={600}>
                  {tv('accessCodeHint')}
                </Text>
              </>
            ) : undefined
          }
          data-testid="access-code"
        />
        <Button type="submit" fullWidth loading={loading} disabled={!form.values.accessCode.trim()} data-testid="continue">
          {t('continue')}
        </Button>
      </Stack>
    </form>
  );
}
