import { BarChart, LineChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import type { ReportFilters, SurveyFigures } from '../api/types';
import { fieldColumns } from '../utils/export';
import { useReportsT } from '../utils/i18n';
import { ReportWidget } from './ReportWidget';
import { ReportTable, reportTableId } from './ReportTable';
import { ChartAlt } from '@/components/ChartAlt';

/** eNPS goes from -100 to 100. */
const ENPS_AXIS = { domain: [-100, 100] };

/** Surveys: eNPS per survey and per week, and every survey's response rate. */
export function SurveysWidget({ filters }: { filters: ReportFilters }) {
  const { t, tr } = useReportsT();
  return (
    <ReportWidget name="surveys" filters={filters} title={t('surveys.title')} subtitle={(data) => t('surveys.subtitle', { n: data?.minGroup ?? 3 })}>
      {(data) => (
        <>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <ChartAlt title={t('surveys.title')} tableId={reportTableId('surveys')}>
              <BarChart
                h={200}
                data={data.surveys.filter((s) => s.enps !== null).map((s) => ({ survey: s.title, enps: s.enps }))}
                dataKey="survey"
                yAxisProps={ENPS_AXIS}
                series={[{ name: 'enps', label: 'eNPS', color: 'grape.6' }]}
              />
            </ChartAlt>
            <ChartAlt title={t('surveys.trend')} figures={data.trend.map((p) => `${p.week}: ${p.enps ?? '—'}`).join(', ')}>
              <LineChart h={200} data={data.trend} dataKey="week" yAxisProps={ENPS_AXIS} series={[{ name: 'enps', label: t('surveys.trend'), color: 'grape.6' }]} connectNulls />
            </ChartAlt>
          </SimpleGrid>
          <ReportTable<SurveyFigures>
            name="surveys"
            rows={data.surveys}
            columns={[
              { key: 'title', label: t('col.survey'), value: (s) => s.title },
              { key: 'kind', label: t('col.kind'), value: (s) => tr(`surveyKind.${s.kind}`, { defaultValue: s.kind }) },
              ...fieldColumns<SurveyFigures>({ invited: t('col.invited'), completed: t('col.completed'), rate: t('col.rate'), enps: 'eNPS' }),
            ]}
          />
        </>
      )}
    </ReportWidget>
  );
}
