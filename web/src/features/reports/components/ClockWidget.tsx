import { BarChart } from '@mantine/charts';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ServerError } from '@/components/ServerError';
import { getClockReport } from '../api/get-clock-report';
import type { ClockDayRow, ClockPersonRow, ReportFilters } from '../api/types';
import { useReportsT } from '../utils/i18n';
import { ReportTable } from './ReportTable';
import { Stat } from './Stat';
import { useReport } from './use-report';

/** The time clock: punches, late arrivals and missing punches per day, refusals by reason, adjustments. */
export function ClockWidget({ filters }: { filters: ReportFilters }) {
  const { t, tr } = useReportsT();
  const { data, error } = useReport('clock', getClockReport, filters);
  const sum = (k: keyof Omit<ClockDayRow, 'day'>) => data?.days.reduce((n, d) => n + d[k], 0) ?? 0;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="widget-clock">
      <Title order={4}>{t('clock.title')}</Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('clock.subtitle')}
      </Text>
      {error !== undefined && <ServerError error={error} />}
      {data && (
        <Stack gap="md">
          <Group gap="xl">
            <Stat label={t('clock.marks')} value={sum('marks')} testId="stat-marks" />
            <Stat label={t('clock.late')} value={sum('late')} testId="stat-late" />
            <Stat label={t('clock.missing')} value={sum('missing')} testId="stat-missing" />
            <Stat label={t('clock.refused')} value={sum('refused')} testId="stat-refused" />
            <Stat label={t('clock.asked')} value={data.adjustmentsAsked} testId="stat-adjustments-asked" />
            <Stat label={t('clock.approved')} value={data.adjustmentsApproved} testId="stat-adjustments-approved" />
          </Group>
          <BarChart
            h={220}
            data={data.days.map((d) => ({ day: d.day, late: d.late, missing: d.missing }))}
            dataKey="day"
            type="stacked"
            series={[
              { name: 'late', label: t('clock.late'), color: 'orange.6' },
              { name: 'missing', label: t('clock.missing'), color: 'red.6' },
            ]}
            withLegend
          />
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <ReportTable<[string, number]>
              name="clock-refusals"
              rows={Object.entries(data.refusals)}
              columns={[
                { key: 'reason', label: t('col.reason'), value: ([r]) => tr(`refusal.${r}`, { defaultValue: r }) },
                { key: 'n', label: t('col.count'), value: ([, n]) => n },
              ]}
            />
            <ReportTable<ClockPersonRow>
              name="clock-people"
              rows={data.people}
              columns={[
                { key: 'name', label: t('col.name'), value: (p) => p.name },
                { key: 'dept', label: t('col.department'), value: (p) => p.department },
                { key: 'days', label: t('col.days'), value: (p) => p.days },
                { key: 'late', label: t('clock.late'), value: (p) => p.late },
                { key: 'missing', label: t('clock.missing'), value: (p) => p.missing },
                { key: 'refused', label: t('clock.refused'), value: (p) => p.refused },
              ]}
            />
          </SimpleGrid>
          <ReportTable<ClockDayRow>
            name="clock-days"
            rows={data.days}
            columns={[
              { key: 'day', label: t('col.day'), value: (d) => d.day },
              { key: 'people', label: t('col.people'), value: (d) => d.people },
              { key: 'marks', label: t('clock.marks'), value: (d) => d.marks },
              { key: 'late', label: t('clock.late'), value: (d) => d.late },
              { key: 'missing', label: t('clock.missing'), value: (d) => d.missing },
              { key: 'refused', label: t('clock.refused'), value: (d) => d.refused },
              { key: 'adjusted', label: t('clock.adjusted'), value: (d) => d.adjusted },
            ]}
          />
        </Stack>
      )}
    </Card>
  );
}
