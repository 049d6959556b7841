import type { ReactNode } from 'react';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { HomeBanner } from '../components/HomeBanner';
import { DynamicMessagesCard } from '../components/DynamicMessagesCard';
import { LastMarksCard } from '../components/LastMarksCard';

interface HomePageProps {
  /** Panels of other features shown on the banner (the app passes the mood check-in). */
  bannerPanels?: ReactNode;
}

/** /apps/homePage: the home banner, the greeting and the last-marks summary. */
export function HomePage({ bannerPanels }: HomePageProps) {
  const { t } = useTranslation('common');
  const user = useSessionStore(selectUser);
  const name = user?.displayName || user?.userName || '';
  return (
    <Stack gap="lg">
      <HomeBanner>{bannerPanels}</HomeBanner>
      <div>
        <Title order={2} data-testid="home-greeting">
          {t('home.greeting', { name })}
        </Title>
        <Text c="dimmed">{t('home.subtitle')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <LastMarksCard />
        <DynamicMessagesCard />
      </SimpleGrid>
    </Stack>
  );
}
