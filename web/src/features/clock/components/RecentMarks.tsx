import { Badge, Box, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/datetime';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import type { MarkRecord } from '../api/types';
import { recentMarks } from '../utils/marks';
import classes from './ClockPanel.module.css';

interface RecentMarksProps {
  marks: readonly MarkRecord[];
  loading?: boolean;
  failed?: boolean;
}

/** The recent marks, newest first, at most 10, times in the current language. */
export function RecentMarks({ marks, loading = false, failed = false }: RecentMarksProps) {
  const { t } = useTranslation('clock');
  const { t: tc } = useTranslation('common');
  const language = useLanguageStore(selectLanguage);
  const shown = recentMarks(marks);

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={5}>{t('recentMarks')}</Title>
        {loading && <Loader size="xs" />}
      </Group>
      {failed && (
        <Text size="sm" c="red">
          {t('loadFailed')}
        </Text>
      )}
      <Box component="ul" className={classes.markList} data-testid="clock-marks">
        {shown.map((m, i) => (
          <Box component="li" key={`${m.n09_001_t}-${i}`} className={classes.markItem} py={6} data-testid="clock-mark">
            <Group gap={6}>
              <Text size="sm" fw={600}>
                {formatDateTime(m.n09_001_t, language)}
              </Text>
              {m.ajustada && (
                <Badge size="xs" color="grape" variant="light" data-testid="clock-mark-adjusted">
                  {t('markAdjusted')}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {m.endereco}
            </Text>
          </Box>
        ))}
      </Box>
      {shown.length === 0 && !loading && (
        <Text size="sm" c="dimmed">
          {tc('noRecords')}
        </Text>
      )}
    </Stack>
  );
}
