import { LineChart } from '@mantine/charts';
import { Card, Stack, Text, Title } from '@mantine/core';
import { ServerError } from '@/components/ServerError';
import { getMoodReport } from '../api/get-mood-report';
import type { MoodRow, ReportFilters } from '../api/types';
import { weeklyAverage } from '../utils/series';
import { useReportsT } from '../utils/i18n';
import { ReportTable } from './ReportTable';
import { useReport } from './use-report';

/** Mood and energy per week: a line of the averages, and the table per group and week. */
export function MoodWidget({ filters }: { filters: ReportFilters }) {
  const { t } = useReportsT();
  const { data, error } = useReport('mood', getMoodReport, filters);
  const byGroup = data?.scope === 'tenant';
  return (
    <Card withBorder radius="md" padding="lg" data-testid="widget-mood">
      <Title order={4}>{t('mood.title')}</Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t(`mood.subtitle.${data?.scope ?? 'self'}`, { n: data?.minGroup ?? 3 })}
      </Text>
      {error !== undefined && <ServerError error={error} />}
      {data && (
        <Stack gap="sm">
          <LineChart
            h={220}
            data={weeklyAverage(data.rows)}
            dataKey="week"
            yAxisProps={{ domain: [1, 5] }}
            series={[
              { name: 'humor', label: t('mood.humor'), color: 'violet.6' },
              { name: 'energy', label: t('mood.energy'), color: 'teal.6' },
            ]}
            withLegend
            connectNulls
            curveType="monotone"
            data-testid="chart-mood"
          />
          <ReportTable<MoodRow>
            name="mood"
            rows={data.rows}
            columns={[
              { key: 'week', label: t('col.week'), value: (r) => r.week },
              ...(byGroup ? [{ key: 'group', label: t('col.department'), value: (r: MoodRow) => r.group }] : []),
              { key: 'people', label: t('col.people'), value: (r) => r.people },
              { key: 'checkins', label: t('col.checkins'), value: (r) => r.checkins },
              { key: 'humor', label: t('mood.humor'), value: (r) => r.humor },
              { key: 'energy', label: t('mood.energy'), value: (r) => r.energy },
            ]}
          />
        </Stack>
      )}
    </Card>
  );
}
