import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while the stored token is checked at start (spec portal-core §4). */
export function Splash() {
  const { t } = useTranslation('session');
  return (
    <Center h="100vh" data-testid="splash">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed" size="sm">
          {t('splash')}
        </Text>
      </Stack>
    </Center>
  );
}
