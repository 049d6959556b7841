import { useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, NumberInput, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { addPlan, getPlanning, removePlan } from '../api/planning';
import type { VacationScope } from '../api/types';
import { useVacationData } from '../hooks/use-load';
import { errorKey } from '../utils/errors';
import { useVacationsT } from '../utils/i18n';
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
  const { data, error, reload } = useVacationData((signal) => getPlanning(year, scope, undefined, signal), `${scope}/${year}`);
  const [member, setMember] = useState<string | null>(null);
  const [start, setStart] = useState('');
  const [days, setDays] = useState<number>(15);
  const [refusal, setRefusal] = useState<string | null>(null);

  const add = async () => {
    if (!member || !start) return;
    setRefusal(null);
    try {
      await addPlan(member, start, days);
      notifications.show({ color: 'teal', message: t('planning.added') });
      void reload();
    } catch (e) {
      setRefusal(errorKey(e, known));
    }
  };
  const remove = async (id: string, m01Ukey: string) => {
    try {
      await removePlan(id, m01Ukey);
      notifications.show({ color: 'teal', message: t('planning.removed') });
      void reload();
    } catch (e) {
      notifications.show({ color: 'red', message: tr(errorKey(e, known)) });
    }
  };

  return (
    <Stack gap="md" data-testid="vacation-planning" data-scope={scope}>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('title.planning')}</Title>
        <Select label={t('planning.year')} value={String(year)} data={years.map(String)} onChange={(v) => setYear(Number(v))} allowDeselect={false} w={120} />
      </Group>
      {error !== undefined && <Alert color="red">{tr(errorKey(error, known))}</Alert>}
      <Card withBorder>
        <Group align="flex-end" gap="sm">
          <Select
            label={t('planning.member')}
            data={(data?.equipe ?? []).map((m) => ({ value: m.m01Ukey, label: `${m.nome} · ${m.departamento}` }))}
            value={member}
            onChange={setMember}
            searchable
            w={320}
            data-testid="plan-member"
          />
          <TextInput type="date" label={t('planning.start')} value={start} onChange={(e) => setStart(e.currentTarget.value)} data-testid="plan-start" />
          <NumberInput label={t('planning.days')} value={days} min={1} max={30} onChange={(v) => setDays(Number(v) || 0)} w={100} data-testid="plan-days" />
          <Button onClick={add} disabled={!member || !start} data-testid="plan-add">
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
