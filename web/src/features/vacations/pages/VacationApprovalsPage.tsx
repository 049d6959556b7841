import { useState } from 'react';
import { Badge, Button, Card, Group, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { QueryStatus } from '@/components/QueryStatus';
import { useCommand } from '@/lib/query';
import { decideVacation } from '../api/decide-vacation';
import type { ApprovalFilter } from '../api/get-approvals';
import { vacationKeys } from '../api/keys';
import { vacationQueries } from '../api/queries';
import type { VacationLeave } from '../api/types';
import { LeaveStatusBadge } from '../components/StatusBadge';
import { errorKey } from '../utils/errors';
import { useVacationsT } from '../utils/i18n';

const FILTERS: ApprovalFilter[] = ['waiting', 'decided', 'all'];

/** Reads :filterHandle (default waiting). */
export function parseApprovalFilter(param: string | undefined): ApprovalFilter {
  return FILTERS.includes(param as ApprovalFilter) ? (param as ApprovalFilter) : 'waiting';
}

/**
 * /apps/gestor-rh/aprovacao-ferias/:filterHandle?: the requests waiting for the caller's step
 * (the manager's for their team, HR's for HR admins), with approve and reject. A decision
 * refreshes the list, the balance and the map live (push vacation.changed).
 */
export function VacationApprovalsPage() {
  const { t, tr, day, known } = useVacationsT();
  const navigate = useNavigate();
  const filter = parseApprovalFilter(useParams().filterHandle);
  const query = useQuery(vacationQueries.approvals(filter));
  const { data } = query;
  const [comments, setComments] = useState<Record<string, string>>({});
  // Only the waiting folder holds exactly the requests whose current step is the caller's.
  const mine = filter === 'waiting';

  const ruling = useCommand(decideVacation, {
    invalidates: [vacationKeys.all],
    onSuccess: (_, { approve }) =>
      notifications.show({ color: approve ? 'teal' : 'orange', message: t(approve ? 'approvals.approved' : 'approvals.rejected') }),
    onError: (e) => notifications.show({ color: 'red', message: tr(errorKey(e, known)) }),
  });
  const busy = ruling.isPending ? ruling.variables?.leave.id : undefined;
  const decide = (leave: VacationLeave, approve: boolean) => ruling.mutate({ leave, approve, comentario: comments[leave.id] ?? '' });

  return (
    <Stack gap="md" data-testid="vacation-approvals" data-filter={filter}>
      <Group justify="space-between">
        <Title order={2}>{t('title.approvals')}</Title>
        <SegmentedControl
          value={filter}
          onChange={(v) => navigate(`/apps/gestor-rh/aprovacao-ferias/${v}`)}
          data={FILTERS.map((f) => ({ value: f, label: tr(`approvals.filters.${f}`) }))}
          data-testid="approvals-filter"
        />
      </Group>
      <QueryStatus query={query} message={(e) => tr(errorKey(e, known))} />
      {data && data.length === 0 && (
        <Text c="dimmed" data-testid="approvals-empty">
          {t('approvals.empty')}
        </Text>
      )}
      {data && data.length > 0 && (
        <Card withBorder>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" data-testid="approvals-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('approvals.employee')}</Table.Th>
                  <Table.Th>{t('approvals.period')}</Table.Th>
                  <Table.Th>{t('period.status')}</Table.Th>
                  <Table.Th>{t('approvals.comment')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((l) => (
                  <Table.Tr key={l.id} data-testid="approval-row" data-id={l.id}>
                    <Table.Td>
                      <Text fw={500}>{l.nome}</Text>
                      <Text size="xs" c="dimmed">
                        {l.departamento}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{t('leave.range', { start: day(l.inicio), end: day(l.fim) })}</Text>
                      <Text size="xs" c="dimmed">
                        {t('leave.days', { count: l.dias })}
                        {l.abono > 0 && ` · ${t('leave.abono', { count: l.abono })}`}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={4}>
                        <LeaveStatusBadge status={l.status} />
                        {l.etapaAtual && (
                          <Badge variant="outline" size="sm">
                            {tr(`step.${l.etapaAtual}`)} · {t('approvals.stepOf', { n: l.etapa + 1, total: l.etapas.length })}
                          </Badge>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      {mine && l.etapaAtual && (
                        <TextInput
                          size="xs"
                          maxLength={255}
                          placeholder={t('approvals.comment')}
                          value={comments[l.id] ?? ''}
                          onChange={(e) => setComments({ ...comments, [l.id]: e.currentTarget.value })}
                        />
                      )}
                    </Table.Td>
                    <Table.Td>
                      {mine && l.etapaAtual && (
                        <Group gap="xs" wrap="nowrap">
                          <Button size="xs" color="teal" loading={busy === l.id} onClick={() => decide(l, true)} data-testid="approve">
                            {t('approvals.approve')}
                          </Button>
                          <Button size="xs" color="red" variant="light" disabled={busy === l.id} onClick={() => decide(l, false)} data-testid="reject">
                            {t('approvals.reject')}
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
    </Stack>
  );
}
