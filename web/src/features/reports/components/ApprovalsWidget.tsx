import { BarChart } from '@mantine/charts';
import { Group, SimpleGrid } from '@mantine/core';
import type { DecisionTimes, Delegation, OpenByApprover, ReportFilters } from '../api/types';
import { fieldColumns, type Column } from '../utils/export';
import { useReportsT } from '../utils/i18n';
import { ReportSection, ReportWidget } from './ReportWidget';
import { ReportTable, reportTableId } from './ReportTable';
import { Stat } from './Stat';
import { ChartAlt } from '@/components/ChartAlt';

/** Approvals: totals of the period, open items per approver and their age, time to decision per step, delegations. */
export function ApprovalsWidget({ filters }: { filters: ReportFilters }) {
  const { t, tr } = useReportsT();
  const approver = (o: OpenByApprover) => o.approver || tr(`role.${o.role}`, { defaultValue: o.role });
  const kind = (d: DecisionTimes) => tr(`kind.${d.kind}`, { defaultValue: d.kind });
  const openColumns: Column<OpenByApprover>[] = [
    { key: 'approver', label: t('col.approver'), value: approver },
    ...fieldColumns<OpenByApprover>({ items: t('col.items'), oldestDays: t('col.oldestDays'), avgDays: t('col.avgDays') }),
  ];
  const timeColumns: Column<DecisionTimes>[] = [
    { key: 'kind', label: t('col.step'), value: kind },
    ...fieldColumns<DecisionTimes>({ decided: t('col.decided'), p50Hours: t('col.p50Hours'), p90Hours: t('col.p90Hours') }),
  ];
  return (
    <ReportWidget name="approvals" filters={filters} title={t('approvals.title')}>
      {(data) => (
        <>
          <Group gap="xl">
            <Stat label={t('approvals.opened')} value={data.opened} testId="stat-opened" />
            <Stat label={t('approvals.approved')} value={data.approved} testId="stat-approved" />
            <Stat label={t('approvals.rejected')} value={data.rejected} testId="stat-rejected" />
            <Stat label={t('approvals.waiting')} value={data.open.reduce((n, o) => n + o.items, 0)} testId="stat-waiting" />
          </Group>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <ReportSection title={t('approvals.openByApprover')}>
              <ChartAlt title={t('approvals.openByApprover')} tableId={reportTableId('approvals-open')}>
                <BarChart
                  h={200}
                  data={data.open.slice(0, 10).map((o) => ({ approver: approver(o), items: o.items }))}
                  dataKey="approver"
                  series={[{ name: 'items', label: t('col.items'), color: 'orange.6' }]}
                />
              </ChartAlt>
              <ReportTable name="approvals-open" rows={data.open} columns={openColumns} />
            </ReportSection>
            <ReportSection title={t('approvals.timeToDecision')}>
              <ChartAlt title={t('approvals.timeToDecision')} tableId={reportTableId('approvals-times')}>
                <BarChart
                  h={200}
                  data={data.times.map((d) => ({ kind: kind(d), p50: d.p50Hours, p90: d.p90Hours }))}
                  dataKey="kind"
                  series={[
                    { name: 'p50', label: 'p50 (h)', color: 'blue.5' },
                    { name: 'p90', label: 'p90 (h)', color: 'blue.8' },
                  ]}
                  withLegend
                />
              </ChartAlt>
              <ReportTable name="approvals-times" rows={data.times} columns={timeColumns} />
            </ReportSection>
          </SimpleGrid>
          <ReportSection title={t('approvals.delegations')}>
            <ReportTable<Delegation>
              name="approvals-delegations"
              rows={data.delegations}
              columns={fieldColumns<Delegation>({ decidedBy: t('col.decidedBy'), onBehalfOf: t('col.onBehalfOf'), decisions: t('col.decisions') })}
            />
          </ReportSection>
        </>
      )}
    </ReportWidget>
  );
}
