import { useState } from 'react';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCalendarEvent } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { QueryStatus } from '@/components/QueryStatus';
import { useCommand } from '@/lib/query';
import { cancelVacation } from '../api/cancel-vacation';
import { vacationKeys } from '../api/keys';
import { vacationQueries } from '../api/queries';
import type { MyVacations, VacationLeave } from '../api/types';
import { LeaveList } from '../components/LeaveList';
import { PeriodsTable } from '../components/PeriodsTable';
import { WorkScheduleDialog } from '../components/WorkScheduleDialog';
import { todayIso } from '../utils/dates';
import { errorKey } from '../utils/errors';
import { useVacationsT } from '../utils/i18n';
import { cancellable } from '../utils/status';
import { REQUEST_PATH } from '../paths';

/** /apps/rh/myVaccations: balance, periods with status colours, alerts, requests and plans. */
export function MyVacationsPage() {
  const { t, tr, day, known } = useVacationsT();
  const query = useQuery(vacationQueries.mine());
  const { data } = query;
  const [schedule, setSchedule] = useState(false);
  const today = todayIso();
  const cancellation = useCommand(cancelVacation, {
    invalidates: [vacationKeys.all],
    onSuccess: () => notifications.show({ color: 'teal', message: t('leave.cancelled') }),
    onError: (e) => notifications.show({ color: 'red', message: tr(errorKey(e, known)) }),
  });
  const cancel = (l: VacationLeave) => {
    if (window.confirm(t('leave.cancelConfirm'))) cancellation.mutate({ id: l.id });
  };
  return (
    <Stack gap="lg" data-testid="my-vacations">
      <Group justify="space-between">
        <Title order={2}>{t('title.mine')}</Title>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconCalendarEvent size={16} />} onClick={() => setSchedule(true)} data-testid="open-schedule">
            {t('schedule.open')}
          </Button>
          {data?.permissoes.solicita_ferias && (
            <Button component={Link} to={REQUEST_PATH} data-testid="go-request">
              {t('title.request')}
            </Button>
          )}
        </Group>
      </Group>
      <QueryStatus query={query} message={(e) => tr(errorKey(e, known))} />
      {data && <Summary data={data} />}
      {data && <Alerts data={data} />}
      {data && (
        <Card withBorder>
          <Title order={4} mb="sm">
            {t('period.title')}
          </Title>
          <PeriodsTable periods={data.periodos} />
        </Card>
      )}
      {data && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card withBorder>
            <Title order={4} mb="sm">
              {t('leave.requests')}
            </Title>
            <LeaveList leaves={[...data.solicitacoes].reverse().filter((l) => l.status !== 'cancelled')} canCancel={(l) => cancellable(l, today)} onCancel={cancel} />
          </Card>
          <Card withBorder>
            <Title order={4} mb="sm">
              {t('plans.title')}
            </Title>
            {data.planejadas.length === 0 ? (
              <Text c="dimmed">{t('plans.empty')}</Text>
            ) : (
              <Stack gap={4} data-testid="my-plans">
                {data.planejadas.map((p) => (
                  <Text key={p.id} size="sm">
                    {t('leave.range', { start: day(p.inicio), end: day(p.fim) })} · {t('leave.days', { count: p.dias })}
                  </Text>
                ))}
              </Stack>
            )}
          </Card>
        </SimpleGrid>
      )}
      <WorkScheduleDialog opened={schedule} onClose={() => setSchedule(false)} />
    </Stack>
  );
}

function Summary({ data }: { data: MyVacations }) {
  const { t, day } = useVacationsT();
  const sum = (f: (p: MyVacations['periodos'][number]) => number) => data.periodos.reduce((n, p) => n + f(p), 0);
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      <Card withBorder>
        <Text size="sm" c="dimmed">
          {t('balance.label')}
        </Text>
        <Text size="xl" fw={700} data-testid="vacation-balance" data-balance={data.saldo}>
          {t('balance.days', { count: data.saldo })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('balance.hired', { date: day(data.admissao) })}
        </Text>
      </Card>
      <Stat label={t('balance.pending')} value={sum((p) => p.pendentes)} color="yellow" testId="balance-pending" />
      <Stat label={t('balance.scheduled')} value={sum((p) => p.agendados)} color="teal" testId="balance-scheduled" />
      <Stat label={t('balance.taken')} value={sum((p) => p.gozados)} color="green" testId="balance-taken" />
    </SimpleGrid>
  );
}

function Stat({ label, value, color, testId }: { label: string; value: number; color: string; testId: string }) {
  const { t } = useVacationsT();
  return (
    <Card withBorder>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} c={color} data-testid={testId} data-value={value}>
        {t('balance.days', { count: value })}
      </Text>
    </Card>
  );
}

/** Alerts: periods expiring within 90 days or overdue, and the alerts raised (30, 60, 90 days). */
function Alerts({ data }: { data: MyVacations }) {
  const { t, day } = useVacationsT();
  const expiring = data.periodos.filter((p) => p.status === 'expiring');
  const overdue = data.periodos.filter((p) => p.status === 'overdue');
  if (expiring.length + overdue.length + data.alertas.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="vacation-alerts">
      {expiring.map((p) => (
        <Alert key={`e${p.periodo}`} color="orange" icon={<IconAlertTriangle size={18} />}>
          {t('alerts.expiring', { n: p.periodo + 1, count: p.diasParaVencer, date: day(p.fimConcessivo) })}
        </Alert>
      ))}
      {data.alertas.map((a) => {
        const p = data.periodos.find((x) => x.periodo === a.periodo);
        return p && p.saldo > 0 && p.status === 'expiring' ? (
          <Alert key={`a${a.periodo}-${a.dias}`} color={a.dias <= 30 ? 'red' : 'yellow'} variant="outline" data-testid="raised-alert">
            {t('alerts.item', { n: a.periodo + 1, days: a.dias, date: day(p.fimConcessivo) })}
          </Alert>
        ) : null;
      })}
      {overdue.map((p) => (
        <Alert key={`o${p.periodo}`} color="red" icon={<IconAlertTriangle size={18} />}>
          {t('alerts.overdue', { n: p.periodo + 1, count: p.saldo, date: day(p.fimConcessivo) })}
        </Alert>
      ))}
    </Stack>
  );
}
