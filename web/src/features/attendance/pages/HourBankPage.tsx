import { useState } from 'react';
import { Alert, Badge, Group, Modal, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '@/components/QueryStatus';
import { attendanceQueries, type BankFigures, type BankLine, type Employee, type Scope } from '../api/api';
import { hours, monthLabel } from '../utils/format';

const FIGURES = ['balance', 'credits', 'debits', 'expired'] as const;

/**
 * /apps/gestor-rh/banco-horas (the manager's direct reports) and /apps/admin-rh/banco-horas
 * (everyone, by department): one line per person, the statement of a person one click away.
 */
export function HourBankPage({ scope }: { scope: Scope }) {
  const { t } = useTranslation('attendance');
  const [dept, setDept] = useState<string | null>(null);
  const [open, setOpen] = useState<Employee | null>(null);
  const team = useQuery(attendanceQueries.team(scope, dept ?? undefined));
  const depts = useQuery({ ...attendanceQueries.departments(), enabled: scope === 'tenant' });
  const data = team.data;
  return (
    <Stack gap="md" data-testid="hour-bank">
      <div>
        <Title order={2}>{t('bank.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('bank.subtitle')}
        </Text>
      </div>
      {scope === 'tenant' && (
        <Select
          w={320}
          label={t('bank.department')}
          placeholder={t('bank.allDepartments')}
          data={(depts.data?.departamentos ?? []).map((d) => ({ value: d.id, label: d.nome }))}
          value={dept}
          onChange={setDept}
          clearable
          searchable
          data-testid="bank-dept"
        />
      )}
      <QueryStatus query={team} />
      {data?.bank === 'off' && (
        <Alert color="gray" data-testid="bank-off">
          {t('bank.off')}
        </Alert>
      )}
      {data && data.bank !== 'off' && (
        <>
          <Badge variant="light" data-testid="bank-rule">
            {t('bank.rule', { kind: t(`bank.kind.${data.bank}`), count: data.months })}
          </Badge>
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover data-testid="bank-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('bank.col.name')}</Table.Th>
                  <Table.Th>{t('bank.col.department')}</Table.Th>
                  {FIGURES.map((f) => (
                    <Table.Th key={f} ta="right">
                      {t(`bank.col.${f}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((r: BankLine) => (
                  <Table.Tr key={r.id} style={{ cursor: 'pointer' }} onClick={() => setOpen(r)} data-testid="bank-row">
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>{r.department}</Table.Td>
                    <Figures f={r} />
                  </Table.Tr>
                ))}
                {data.rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <Text size="sm" c="dimmed" ta="center">
                        {t('bank.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr data-testid="bank-total">
                  <Table.Th colSpan={2}>{t('bank.total')}</Table.Th>
                  <Figures f={data.total} />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      <Modal opened={open !== null} onClose={() => setOpen(null)} size="xl" title={open ? t('bank.statement', { name: open.name }) : ''}>
        {open && <Statement scope={scope} employee={open} />}
      </Modal>
    </Stack>
  );
}

function Figures({ f }: { f: BankFigures }) {
  return (
    <>
      {FIGURES.map((k) => (
        <Table.Td key={k} ta="right" c={k === 'balance' && f.balance < 0 ? 'red' : undefined} data-testid={`bank-${k}`}>
          {hours(f[k])}
        </Table.Td>
      ))}
    </>
  );
}

/** An employee's movements, each with the days of its month that made it. */
function Statement({ scope, employee }: { scope: Scope; employee: Employee }) {
  const { t, i18n } = useTranslation('attendance');
  const st = useQuery(attendanceQueries.statement(scope, employee.id));
  const day = (d: string) => new Intl.DateTimeFormat(i18n.language, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
  return (
    <Stack data-testid="bank-statement">
      <QueryStatus query={st} />
      {st.data && st.data.movements.length === 0 && <Text c="dimmed">{t('bank.noMoves')}</Text>}
      {st.data && st.data.movements.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('bank.col.month')}</Table.Th>
                <Table.Th>{t('bank.col.kind')}</Table.Th>
                <Table.Th ta="right">{t('bank.col.minutes')}</Table.Th>
                <Table.Th ta="right">{t('bank.col.balance')}</Table.Th>
                <Table.Th>{t('bank.col.days')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {st.data.movements.map((m, i) => (
                <Table.Tr key={i} data-testid={`move-${m.kind}`}>
                  <Table.Td>{monthLabel(m.month, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Badge color={m.kind === 'credit' ? 'teal' : m.kind === 'debit' ? 'red' : 'orange'} variant="light">
                      {t(`bank.move.${m.kind}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{hours(m.kind === 'credit' ? m.minutes : -m.minutes)}</Table.Td>
                  <Table.Td ta="right">{hours(m.balance)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {m.source && <Text size="xs">{t('bank.source', { month: monthLabel(m.source, i18n.language) })}</Text>}
                      {m.days.map((d) => (
                        <Badge key={d.day} size="sm" variant="outline" color="gray">
                          {day(d.day)}{' '}
                          {m.kind === 'credit'
                            ? t('bank.day.overtime', { time: hours(d.overtime50 + d.overtime100) })
                            : t('bank.day.missing', { time: hours(d.missing) })}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
