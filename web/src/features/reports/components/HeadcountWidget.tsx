import { BarChart, LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { ServerError } from '@/components/ServerError';
import { getHeadcountReport } from '../api/get-headcount-report';
import type { HeadcountReport, ReportFilters } from '../api/types';
import { useReportsT } from '../utils/i18n';
import { ReportTable } from './ReportTable';
import { useReport } from './use-report';

type Month = HeadcountReport['months'][number];
type Group = HeadcountReport['groups'][number];

/** Headcount and movement: active people at each month's end, hires and leavers, per department and unit. */
export function HeadcountWidget({ filters }: { filters: ReportFilters }) {
  const { t } = useReportsT();
  const { data, error } = useReport('headcount', getHeadcountReport, filters);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="widget-headcount">
      <Title order={4} mb="sm">
        {t('headcount.title')}
      </Title>
      {error !== undefined && <ServerError error={error} />}
      {data && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <LineChart
              h={200}
              data={data.months}
              dataKey="month"
              series={[{ name: 'active', label: t('headcount.active'), color: 'indigo.6' }]}
            />
            <BarChart
              h={200}
              data={data.months}
              dataKey="month"
              series={[
                { name: 'hires', label: t('headcount.hires'), color: 'teal.6' },
                { name: 'leavers', label: t('headcount.leavers'), color: 'red.6' },
              ]}
              withLegend
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <ReportTable<Month>
              name="headcount-months"
              rows={data.months}
              columns={[
                { key: 'month', label: t('col.month'), value: (m) => m.month },
                { key: 'active', label: t('headcount.active'), value: (m) => m.active },
                { key: 'hires', label: t('headcount.hires'), value: (m) => m.hires },
                { key: 'leavers', label: t('headcount.leavers'), value: (m) => m.leavers },
              ]}
            />
            <ReportTable<Group>
              name="headcount-groups"
              rows={data.groups}
              columns={[
                { key: 'dept', label: t('col.department'), value: (g) => g.department },
                { key: 'unit', label: t('col.unit'), value: (g) => g.unit },
                { key: 'active', label: t('headcount.active'), value: (g) => g.active },
              ]}
            />
          </SimpleGrid>
        </Stack>
      )}
    </Card>
  );
}
