import { BarChart, LineChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import type { HeadcountReport, ReportFilters } from '../api/types';
import { fieldColumns } from '../utils/export';
import { useReportsT } from '../utils/i18n';
import { ReportWidget } from './ReportWidget';
import { ReportTable, reportTableId } from './ReportTable';
import { ChartAlt } from '@/components/ChartAlt';

type Month = HeadcountReport['months'][number];
type Group = HeadcountReport['groups'][number];

/** Headcount and movement: active people at each month's end, hires and leavers, per department and unit. */
export function HeadcountWidget({ filters }: { filters: ReportFilters }) {
  const { t } = useReportsT();
  const active = t('headcount.active');
  const moves = { hires: t('headcount.hires'), leavers: t('headcount.leavers') };
  return (
    <ReportWidget name="headcount" filters={filters} title={t('headcount.title')}>
      {(data) => (
        <>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <ChartAlt title={active} tableId={reportTableId('headcount-months')}>
              <LineChart h={200} data={data.months} dataKey="month" series={[{ name: 'active', label: active, color: 'indigo.6' }]} />
            </ChartAlt>
            <ChartAlt title={`${moves.hires} · ${moves.leavers}`} tableId={reportTableId('headcount-months')}>
              <BarChart
                h={200}
                data={data.months}
                dataKey="month"
                series={[
                  { name: 'hires', label: moves.hires, color: 'teal.6' },
                  { name: 'leavers', label: moves.leavers, color: 'red.6' },
                ]}
                withLegend
              />
            </ChartAlt>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <ReportTable<Month> name="headcount-months" rows={data.months} columns={fieldColumns<Month>({ month: t('col.month'), active, ...moves })} />
            <ReportTable<Group>
              name="headcount-groups"
              rows={data.groups}
              columns={fieldColumns<Group>({ department: t('col.department'), unit: t('col.unit'), active })}
            />
          </SimpleGrid>
        </>
      )}
    </ReportWidget>
  );
}
