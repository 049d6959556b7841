import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HOME_PATH } from '@/lib/config';
import { selectIsAuthenticated, useSessionStore } from '@/lib/session-store';
import { Layout1 } from '../layout/Layout1';

function NotFoundContent() {
  const { t } = useTranslation('common');
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" data-testid="not-found">
        <Title order={1}>{t('errors.notFoundTitle')}</Title>
        <Text c="dimmed">{t('errors.notFound')}</Text>
        <Button component={Link} to={HOME_PATH} variant="light">
          {t('errors.backHome')}
        </Button>
      </Stack>
    </Center>
  );
}

/** The 404 page: inside the app chrome when signed in, bare for guests. */
export function NotFoundPage() {
  const authenticated = useSessionStore(selectIsAuthenticated);
  return authenticated ? (
    <Layout1>
      <NotFoundContent />
    </Layout1>
  ) : (
    <NotFoundContent />
  );
}
