import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@/lib/api';

/** A failed call's message: the server's key translated (validation:server), else the fallback's. */
export function ServerError({ error, fallback = 'erro_interno' }: { error: unknown; fallback?: string }) {
  const { t, i18n } = useTranslation('validation');
  const key = errorMessageKey(error, fallback);
  const known = i18n.exists(`validation:server.${key}`) ? key : fallback;
  return (
    <Alert color="red" data-testid="server-error">
      {t(`server.${known}` as 'server.erro_interno')}
    </Alert>
  );
}
