import { useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, NumberInput, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DateField } from '@/components/DateField';
import { useCommand } from '@/lib/query';
import { vacationKeys } from '../api/keys';
import { addPlan, removePlan } from '../api/planning';
import { vacationQueries } from '../api/queries';
import type { VacationScope } from '../api/types';
import { errorKey } from '../utils/errors';
import { useVacationsT } from '../utils/i18n';
import { planInitial, planRules, PLAN_DAYS, type PlanValues } from '../utils/plan-form';
import { planningYears } from '../utils/planning';

/**
 * /apps/gestor-rh/planejamento-ferias and /apps/admin-rh/planejamento-ferias: managers (and HR
 * admins) place planned periods for the coming year; employees see them on their vacations.
 * A plan follows the shape and start rules of a request but uses no balance.
 */
export function VacationPlanningPage({ scope }: { scope: VacationScope }) {
  const { t, tr, day, known } = useVacationsT();
  const years = planningYears(new Date().getFullYear());
  const [year, setYear] = useState(years[1]);
  const { data, error } = useQuery(vacationQueries.planning(year, scope));
  const form = useForm<PlanValues>({ initialValues: planInitial, validate: planRules });
  const adding = useCommand(addPlan, {
    invalidates: [vacationKeys.all],
    onSuccess: () => notifications.show({ color: 'teal', message: t('planning.added') }),
  });
  const refusal = adding.error ? errorKey(adding.error, known) : null;
  const add = form.onSubmit(({ member, start, days }) => adding.mutate({ m01Ukey: member ?? '', inicio: start, dias: days }));
  const fieldError = (field: keyof PlanValues) => {
    const key = form.errors[field];
    return typeof key === 'string' ? tr(key) : undefined;
  };
  const removing = useCommand(removePlan, {
    invalidates: [vacationKeys.all],
    onSuccess: () => notifications.show({ color: 'teal', message: t('planning.removed') }),
    onError: (e) => notifications.show({ color: 'red', message: tr(errorKey(e, known)) }),
  });
  const remove = (id: string, m01Ukey: string) => removing.mutate({ id, m01Ukey });

  return (
    <Stack gap="md" data-testid="vacation-planning" data-scope={scope}>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('title.planning')}</Title>
        <Select label={t('planning.year')} value={String(year)} data={years.map(String)} onChange={(v) => setYear(Number(v))} allowDeselect={false} w={120} />
      </Group>
      {error && <Alert color="red">{tr(errorKey(error, known))}</Alert>}
      <Card withBorder component="form" onSubmit={add} noValidate>
        <Group align="flex-start" gap="sm">
          <Select
            label={t('planning.member')}
            data={(data?.equipe ?? []).map((m) => ({ value: m.m01Ukey, label: `${m.nome} · ${m.departamento}` }))}
            {...form.getInputProps('member')}
            error={fieldError('member')}
            searchable
            w={320}
            data-testid="plan-member"
          />
          <DateField label={t('planning.start')} value={form.values.start} onChange={(v) => form.setFieldValue('start', v)} error={fieldError('start')} w={160} data-testid="plan-start" />
          <NumberInput
            label={t('planning.days')}
            {...form.getInputProps('days')}
            error={fieldError('days')}
            min={PLAN_DAYS.min}
            max={PLAN_DAYS.max}
            w={100}
            data-testid="plan-days"
          />
          <Button type="submit" mt={25} loading={adding.isPending} data-testid="plan-add">
            {t('planning.add')}
          </Button>
        </Group>
        {refusal && (
          <Alert color="red" mt="sm" data-testid="plan-refusal">
            {tr(refusal)}
          </Alert>
        )}
      </Card>
      <Card withBorder>
        {data && data.planos.length === 0 && <Text c="dimmed">{t('planning.empty')}</Text>}
        {data && data.planos.length > 0 && (
          <Table data-testid="plans-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('planning.member')}</Table.Th>
                <Table.Th>{t('approvals.period')}</Table.Th>
                <Table.Th>{t('planning.days')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.planos.map((p) => (
                <Table.Tr key={p.id} data-testid="plan-row">
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {p.nome}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {p.departamento}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t('leave.range', { start: day(p.inicio), end: day(p.fim) })}</Table.Td>
                  <Table.Td>{p.dias}</Table.Td>
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" onClick={() => remove(p.id, p.m01Ukey)} aria-label={t('planning.remove')}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
