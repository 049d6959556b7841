import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HOME_PATH } from '@/lib/config';

/** Path of the server error page (spec portal-core §2). */
export const SERVER_ERROR_PATH = '/pages/errors/error-500';

/** The 500 page. */
export function ServerErrorPage() {
  const { t } = useTranslation('navigation');
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" data-testid="server-error">
        <Title order={1}>{t('errors.serverErrorTitle')}</Title>
        <Text c="dimmed">{t('errors.serverError')}</Text>
        <Button component={Link} to={HOME_PATH} variant="light">
          {t('errors.backHome')}
        </Button>
      </Stack>
    </Center>
  );
}
