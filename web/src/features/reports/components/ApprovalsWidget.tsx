import { BarChart } from '@mantine/charts';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ServerError } from '@/components/ServerError';
import { getApprovalsReport } from '../api/get-approvals-report';
import type { DecisionTimes, Delegation, OpenByApprover, ReportFilters } from '../api/types';
import { useReportsT } from '../utils/i18n';
import { ReportTable } from './ReportTable';
import { Stat } from './Stat';
import { useReport } from './use-report';

/** Approvals: totals of the period, open items per approver and their age, time to decision per step, delegations. */
export function ApprovalsWidget({ filters }: { filters: ReportFilters }) {
  const { t, tr } = useReportsT();
  const { data, error } = useReport('approvals', getApprovalsReport, filters);
  const approver = (o: OpenByApprover) => o.approver || tr(`role.${o.role}`, { defaultValue: o.role });
  const kind = (d: DecisionTimes) => tr(`kind.${d.kind}`, { defaultValue: d.kind });
  return (
    <Card withBorder radius="md" padding="lg" data-testid="widget-approvals">
      <Title order={4} mb="sm">
        {t('approvals.title')}
      </Title>
      {error !== undefined && <ServerError error={error} />}
      {data && (
        <Stack gap="md">
          <Group gap="xl">
            <Stat label={t('approvals.opened')} value={data.opened} testId="stat-opened" />
            <Stat label={t('approvals.approved')} value={data.approved} testId="stat-approved" />
            <Stat label={t('approvals.rejected')} value={data.rejected} testId="stat-rejected" />
            <Stat label={t('approvals.waiting')} value={data.open.reduce((n, o) => n + o.items, 0)} testId="stat-waiting" />
          </Group>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <div>
              <Text fw={600} size="sm" mb={4}>
                {t('approvals.openByApprover')}
              </Text>
              <BarChart
                h={200}
                data={data.open.slice(0, 10).map((o) => ({ approver: approver(o), items: o.items }))}
                dataKey="approver"
                series={[{ name: 'items', label: t('col.items'), color: 'orange.6' }]}
              />
              <ReportTable<OpenByApprover>
                name="approvals-open"
                rows={data.open}
                columns={[
                  { key: 'approver', label: t('col.approver'), value: approver },
                  { key: 'items', label: t('col.items'), value: (o) => o.items },
                  { key: 'oldest', label: t('col.oldestDays'), value: (o) => o.oldestDays },
                  { key: 'avg', label: t('col.avgDays'), value: (o) => o.avgDays },
                ]}
              />
            </div>
            <div>
              <Text fw={600} size="sm" mb={4}>
                {t('approvals.timeToDecision')}
              </Text>
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
              <ReportTable<DecisionTimes>
                name="approvals-times"
                rows={data.times}
                columns={[
                  { key: 'kind', label: t('col.step'), value: kind },
                  { key: 'decided', label: t('col.decided'), value: (d) => d.decided },
                  { key: 'p50', label: t('col.p50Hours'), value: (d) => d.p50Hours },
                  { key: 'p90', label: t('col.p90Hours'), value: (d) => d.p90Hours },
                ]}
              />
            </div>
          </SimpleGrid>
          <div>
            <Text fw={600} size="sm" mb={4}>
              {t('approvals.delegations')}
            </Text>
            <ReportTable<Delegation>
              name="approvals-delegations"
              rows={data.delegations}
              columns={[
                { key: 'by', label: t('col.decidedBy'), value: (d) => d.decidedBy },
                { key: 'for', label: t('col.onBehalfOf'), value: (d) => d.onBehalfOf },
                { key: 'n', label: t('col.decisions'), value: (d) => d.decisions },
              ]}
            />
          </div>
        </Stack>
      )}
    </Card>
  );
}
