import { Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, parseServerDateTime } from '@/lib/datetime';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import type { LastMark } from '../api/get-last-marks';
import { homeQueries } from '../api/queries';

/** The home card keeps the 5 most recent marks (spec portal-core §9, "5 kept"). */
export const HOME_MARKS = 5;

function newestFirst(list: LastMark[]): LastMark[] {
  const time = (m: LastMark) => parseServerDateTime(m.n09_001_t)?.getTime() ?? 0;
  return [...list].sort((a, b) => time(b) - time(a)).slice(0, HOME_MARKS);
}

/**
 * Summary of the user's last marks, read every minute and live through the push stream
 * (homeQueries.lastMarks); a failed read keeps the previous list.
 */
export function LastMarksCard() {
  const { t } = useTranslation('common');
  const language = useLanguageStore(selectLanguage);
  const query = useQuery({ ...homeQueries.lastMarks(), select: newestFirst });
  const marks = query.data ?? [];
  const loading = query.isPending;

  return (
    <Card withBorder radius="md" padding="lg" data-testid="home-last-marks">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <IconClock size={20} />
          <Title order={4}>{t('home.lastMarks')}</Title>
        </Group>
        {loading && <Loader size="xs" />}
      </Group>
      {marks.length === 0 && !loading ? (
        <Text size="sm" c="dimmed">
          {t('noRecords')}
        </Text>
      ) : (
        <Stack gap="xs">
          {marks.map((m, i) => (
            <Group key={`${m.n09_001_t}-${i}`} justify="space-between" wrap="nowrap" data-testid="home-mark">
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                {formatDateTime(m.n09_001_t, language)}
              </Text>
              <Text size="sm" c="dimmed" ta="right" truncate>
                {m.endereco}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
