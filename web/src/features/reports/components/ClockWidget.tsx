import { BarChart } from '@mantine/charts';
import { Group, SimpleGrid } from '@mantine/core';
import type { ClockDayRow, ClockPersonRow, ClockReport, ReportFilters } from '../api/types';
import { fieldColumns } from '../utils/export';
import { useReportsT } from '../utils/i18n';
import { ReportWidget } from './ReportWidget';
import { ReportTable, reportTableId } from './ReportTable';
import { Stat } from './Stat';
import { ChartAlt } from '@/components/ChartAlt';

type Figure = keyof Omit<ClockDayRow, 'day'>;

/** A figure over the period's days. */
const total = (r: ClockReport, k: Figure) => r.days.reduce((n, d) => n + d[k], 0);

/** The time clock: punches, late arrivals and missing punches per day, refusals by reason, adjustments. */
export function ClockWidget({ filters }: { filters: ReportFilters }) {
  const { t, tr } = useReportsT();
  const figures = { late: t('clock.late'), missing: t('clock.missing'), refused: t('clock.refused') };
  return (
    <ReportWidget name="clock" filters={filters} title={t('clock.title')} subtitle={t('clock.subtitle')}>
      {(data) => (
        <>
          <Group gap="xl">
            <Stat label={t('clock.marks')} value={total(data, 'marks')} testId="stat-marks" />
            {(['late', 'missing', 'refused'] as const).map((k) => (
              <Stat key={k} label={figures[k]} value={total(data, k)} testId={`stat-${k}`} />
            ))}
            <Stat label={t('clock.asked')} value={data.adjustmentsAsked} testId="stat-adjustments-asked" />
            <Stat label={t('clock.approved')} value={data.adjustmentsApproved} testId="stat-adjustments-approved" />
          </Group>
          <ChartAlt title={t('clock.title')} tableId={reportTableId('clock-days')}>
            <BarChart
              h={220}
              data={data.days.map((d) => ({ day: d.day, late: d.late, missing: d.missing }))}
              dataKey="day"
              type="stacked"
              series={[
                { name: 'late', label: figures.late, color: 'orange.6' },
                { name: 'missing', label: figures.missing, color: 'red.6' },
              ]}
              withLegend
            />
          </ChartAlt>
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
              columns={fieldColumns<ClockPersonRow>({ name: t('col.name'), department: t('col.department'), days: t('col.days'), ...figures })}
            />
          </SimpleGrid>
          <ReportTable<ClockDayRow>
            name="clock-days"
            rows={data.days}
            columns={fieldColumns<ClockDayRow>({ day: t('col.day'), people: t('col.people'), marks: t('clock.marks'), ...figures, adjusted: t('clock.adjusted') })}
          />
        </>
      )}
    </ReportWidget>
  );
}
