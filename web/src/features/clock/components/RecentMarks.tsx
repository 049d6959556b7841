import { Badge, Box, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/datetime';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import { clockQueries } from '../api/queries';
import { recentMarks } from '../utils/marks';
import classes from './ClockPanel.module.css';

/**
 * The recent marks, newest first, at most 10, times in the current language; read every 60 s
 * and whenever the push says the marks changed (clockQueries.marks).
 */
export function RecentMarks() {
  const { t } = useTranslation('clock');
  const { t: tc } = useTranslation('common');
  const language = useLanguageStore(selectLanguage);
  const history = useQuery({ ...clockQueries.marks(), select: recentMarks });
  const shown = history.data ?? [];
  const loading = history.isFetching;

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={5}>{t('recentMarks')}</Title>
        {loading && <Loader size="xs" />}
      </Group>
      {history.isError && (
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
              {m.rh && (
                <Badge size="xs" color="orange" variant="light" data-testid="clock-mark-by-hr">
                  {t('markByHR')}
                </Badge>
              )}
            </Group>
            {m.rh && (
              <Text size="xs" c="orange.8" data-testid="clock-mark-by-hr-detail">
                {t('markByHRDetail', { name: m.rh.autorNome, reason: m.rh.motivo })}
              </Text>
            )}
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
