import { BarChart, LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ServerError } from '@/components/ServerError';
import { getSurveysReport } from '../api/get-surveys-report';
import type { ReportFilters, SurveyFigures } from '../api/types';
import { useReportsT } from '../utils/i18n';
import { ReportTable } from './ReportTable';
import { useReport } from './use-report';

/** Surveys: eNPS per survey and per week, and every survey's response rate. */
export function SurveysWidget({ filters }: { filters: ReportFilters }) {
  const { t, tr } = useReportsT();
  const { data, error } = useReport('surveys', getSurveysReport, filters);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="widget-surveys">
      <Title order={4}>{t('surveys.title')}</Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('surveys.subtitle', { n: data?.minGroup ?? 3 })}
      </Text>
      {error !== undefined && <ServerError error={error} />}
      {data && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <BarChart
              h={200}
              data={data.surveys.filter((s) => s.enps !== null).map((s) => ({ survey: s.title, enps: s.enps }))}
              dataKey="survey"
              yAxisProps={{ domain: [-100, 100] }}
              series={[{ name: 'enps', label: 'eNPS', color: 'grape.6' }]}
            />
            <LineChart
              h={200}
              data={data.trend}
              dataKey="week"
              yAxisProps={{ domain: [-100, 100] }}
              series={[{ name: 'enps', label: t('surveys.trend'), color: 'grape.6' }]}
              connectNulls
            />
          </SimpleGrid>
          <ReportTable<SurveyFigures>
            name="surveys"
            rows={data.surveys}
            columns={[
              { key: 'title', label: t('col.survey'), value: (s) => s.title },
              { key: 'kind', label: t('col.kind'), value: (s) => tr(`surveyKind.${s.kind}`, { defaultValue: s.kind }) },
              { key: 'invited', label: t('col.invited'), value: (s) => s.invited },
              { key: 'completed', label: t('col.completed'), value: (s) => s.completed },
              { key: 'rate', label: t('col.rate'), value: (s) => s.rate },
              { key: 'enps', label: 'eNPS', value: (s) => s.enps },
            ]}
          />
        </Stack>
      )}
    </Card>
  );
}
