import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { LastMarksCard } from '../components/LastMarksCard';

/** /apps/homePage: greeting and the last-marks summary. */
export function HomePage() {
  const { t } = useTranslation('common');
  const user = useSessionStore(selectUser);
  const name = user?.displayName || user?.userName || '';
  return (
    <Stack gap="lg">
      <div>
        <Title order={2} data-testid="home-greeting">
          {t('home.greeting', { name })}
        </Title>
        <Text c="dimmed">{t('home.subtitle')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <LastMarksCard />
      </SimpleGrid>
    </Stack>
  );
}
