import { LineChart } from '@mantine/charts';
import type { MoodRow, ReportFilters } from '../api/types';
import { fieldColumns } from '../utils/export';
import { weeklyAverage } from '../utils/series';
import { useReportsT } from '../utils/i18n';
import { ReportWidget } from './ReportWidget';
import { ReportTable, reportTableId } from './ReportTable';
import { ChartAlt } from '@/components/ChartAlt';

/** Mood and energy per week: a line of the averages, and the table per group and week. */
export function MoodWidget({ filters }: { filters: ReportFilters }) {
  const { t } = useReportsT();
  const humor = t('mood.humor');
  const energy = t('mood.energy');
  return (
    <ReportWidget
      name="mood"
      filters={filters}
      title={t('mood.title')}
      subtitle={(data) => t(`mood.subtitle.${data?.scope ?? 'self'}`, { n: data?.minGroup ?? 3 })}
      gap="sm"
    >
      {(data) => (
        <>
          <ChartAlt title={t('mood.title')} tableId={reportTableId('mood')}>
            <LineChart
              h={220}
              data={weeklyAverage(data.rows)}
              dataKey="week"
              yAxisProps={{ domain: [1, 5] }}
              series={[
                { name: 'humor', label: humor, color: 'violet.6' },
                { name: 'energy', label: energy, color: 'teal.6' },
              ]}
              withLegend
              connectNulls
              curveType="monotone"
              data-testid="chart-mood"
            />
          </ChartAlt>
          <ReportTable<MoodRow>
            name="mood"
            rows={data.rows}
            columns={fieldColumns<MoodRow>({
              week: t('col.week'),
              // Groups only on the company's dashboard.
              ...(data.scope === 'tenant' ? { group: t('col.department') } : {}),
              people: t('col.people'),
              checkins: t('col.checkins'),
              humor,
              energy,
            })}
          />
        </>
      )}
    </ReportWidget>
  );
}
