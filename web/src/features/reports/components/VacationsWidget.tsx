import { BarChart } from '@mantine/charts';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ServerError } from '@/components/ServerError';
import { getVacationsReport } from '../api/get-vacations-report';
import type { ReportFilters, VacationPersonRow, VacationsReport } from '../api/types';
import { useReportsT } from '../utils/i18n';
import { ReportTable } from './ReportTable';
import { Stat } from './Stat';
import { useReport } from './use-report';

type AwayWeek = VacationsReport['away'][number];

/** Vacations: deadlines (overdue, 30/60/90 days), balances per person, who is away per week, abono and 13th. */
export function VacationsWidget({ filters }: { filters: ReportFilters }) {
  const { t } = useReportsT();
  const { data, error } = useReport('vacations', getVacationsReport, filters);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="widget-vacations">
      <Title order={4}>{t('vacations.title')}</Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('vacations.subtitle')}
      </Text>
      {error !== undefined && <ServerError error={error} />}
      {data && (
        <Stack gap="md">
          <Group gap="xl">
            <Stat label={t('vacations.overdue')} value={data.overdue} testId="stat-overdue" />
            <Stat label={t('vacations.expiring', { n: 30 })} value={data.expiring['30']} testId="stat-expiring-30" />
            <Stat label={t('vacations.expiring', { n: 60 })} value={data.expiring['60']} testId="stat-expiring-60" />
            <Stat label={t('vacations.expiring', { n: 90 })} value={data.expiring['90']} testId="stat-expiring-90" />
            <Stat label={t('vacations.abono')} value={data.abono} testId="stat-abono" />
            <Stat label={t('vacations.advance13')} value={data.advance13} testId="stat-advance13" />
          </Group>
          <BarChart
            h={200}
            data={data.away.map((w) => ({ week: w.week, away: w.count }))}
            dataKey="week"
            series={[{ name: 'away', label: t('vacations.away'), color: 'teal.6' }]}
          />
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <ReportTable<VacationPersonRow>
              name="vacations-people"
              rows={data.people}
              columns={[
                { key: 'name', label: t('col.name'), value: (p) => p.name },
                { key: 'dept', label: t('col.department'), value: (p) => p.department },
                { key: 'balance', label: t('col.balance'), value: (p) => p.balance },
                { key: 'overdue', label: t('col.overdueDays'), value: (p) => p.overdueDays },
                { key: 'deadline', label: t('col.deadline'), value: (p) => p.nextDeadline },
              ]}
            />
            <ReportTable<AwayWeek>
              name="vacations-away"
              rows={data.away}
              columns={[
                { key: 'week', label: t('col.week'), value: (w) => w.week },
                { key: 'count', label: t('col.people'), value: (w) => w.count },
                { key: 'who', label: t('col.who'), value: (w) => w.people.join(', ') },
              ]}
            />
          </SimpleGrid>
        </Stack>
      )}
    </Card>
  );
}
