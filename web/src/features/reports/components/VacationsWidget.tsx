import { BarChart } from '@mantine/charts';
import { Group, SimpleGrid } from '@mantine/core';
import type { ReportFilters, VacationPersonRow, VacationsReport } from '../api/types';
import { fieldColumns } from '../utils/export';
import { useReportsT } from '../utils/i18n';
import { ReportWidget } from './ReportWidget';
import { ReportTable, reportTableId } from './ReportTable';
import { Stat } from './Stat';
import { ChartAlt } from '@/components/ChartAlt';

type AwayWeek = VacationsReport['away'][number];

/** Vacations: deadlines (overdue, 30/60/90 days), balances per person, who is away per week, abono and 13th. */
export function VacationsWidget({ filters }: { filters: ReportFilters }) {
  const { t } = useReportsT();
  return (
    <ReportWidget name="vacations" filters={filters} title={t('vacations.title')} subtitle={t('vacations.subtitle')}>
      {(data) => (
        <>
          <Group gap="xl">
            <Stat label={t('vacations.overdue')} value={data.overdue} testId="stat-overdue" />
            {(['30', '60', '90'] as const).map((n) => (
              <Stat key={n} label={t('vacations.expiring', { n: Number(n) })} value={data.expiring[n]} testId={`stat-expiring-${n}`} />
            ))}
            <Stat label={t('vacations.abono')} value={data.abono} testId="stat-abono" />
            <Stat label={t('vacations.advance13')} value={data.advance13} testId="stat-advance13" />
          </Group>
          <ChartAlt title={t('vacations.away')} tableId={reportTableId('vacations-away')}>
            <BarChart
              h={200}
              data={data.away.map((w) => ({ week: w.week, away: w.count }))}
              dataKey="week"
              series={[{ name: 'away', label: t('vacations.away'), color: 'teal.6' }]}
            />
          </ChartAlt>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <ReportTable<VacationPersonRow>
              name="vacations-people"
              rows={data.people}
              columns={fieldColumns<VacationPersonRow>({
                name: t('col.name'),
                department: t('col.department'),
                balance: t('col.balance'),
                overdueDays: t('col.overdueDays'),
                nextDeadline: t('col.deadline'),
              })}
            />
            <ReportTable<AwayWeek>
              name="vacations-away"
              rows={data.away}
              columns={[
                ...fieldColumns<AwayWeek>({ week: t('col.week'), count: t('col.people') }),
                { key: 'who', label: t('col.who'), value: (w) => w.people.join(', ') },
              ]}
            />
          </SimpleGrid>
        </>
      )}
    </ReportWidget>
  );
}
