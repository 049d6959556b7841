import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconSignature } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ServerError } from '@/components/ServerError';
import { errorMessageKey } from '@/lib/api';
import { isVisible, permissionsOf } from '@/lib/permissions';
import { useCommand } from '@/lib/query';
import { translateServerMessage } from '@/lib/server-message';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { downloadPdf, getGrid, getMonth, signMonth, timesheetKeys, type Row } from '../api/timesheet';
import { ConfirmPasswordDialog } from '../components/ConfirmPasswordDialog';
import { MarksCell } from '../components/MarksCell';
import { cnpj, hhmm, previousMonth, recentMonths } from '../utils/format';

const PASSWORD_KEYS = ['senha_incorreta', 'senha_obrigatoria'];

function spansText(spans: Row['spans']): string {
  return (spans ?? []).map(([a, b]) => `${hhmm(a % 1440)}–${hhmm(b % 1440)}`).join(' ');
}

/** The Sundays whose week had an unjustified absence (their paid rest is lost, Lei 605/1949 art. 6). */
function dsrLostDays(rows: Row[]): Set<string> {
  const out = new Set<string>();
  let absent = false;
  for (const r of rows) {
    const day = new Date(`${r.date}T12:00:00Z`).getUTCDay();
    if (day === 1) absent = false;
    absent = absent || r.absent;
    if (day === 0 && absent) out.add(r.date);
  }
  return out;
}

/** /apps/rh/timeSheet/historico (menu rh_002_03): an employee's month, its signature and PDF. */
export function HistoricoPage() {
  const { t, i18n } = useTranslation('timesheet');
  const user = useSessionStore(selectUser);
  const chooser = isVisible({ roles: ['gesAdmRH'] }, permissionsOf(user));
  const [mes, setMes] = useState(previousMonth());
  const [employee, setEmployee] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  const [signError, setSignError] = useState<string | null>(null);
  const [justSigned, setJustSigned] = useState<string | null>(null);
  const month = useQuery({ queryKey: timesheetKeys.month(mes, employee), queryFn: ({ signal }) => getMonth(mes, employee, signal) });
  const people = useQuery({ queryKey: timesheetKeys.grid(mes), queryFn: ({ signal }) => getGrid(mes, signal), enabled: chooser });
  const sign = useCommand(signMonth, {
    invalidates: [timesheetKeys.all],
    onSuccess: () => {
      setSigning(false);
      setJustSigned(new Date().toISOString());
      notifications.show({ color: 'green', message: t('signedOk') });
    },
    onError: (e) => {
      const key = errorMessageKey(e, 'erro_interno');
      if (PASSWORD_KEYS.includes(key)) setSignError(key);
      else {
        setSigning(false);
        notifications.show({ color: 'red', message: translateServerMessage(key, t('error')) });
      }
    },
  });
  const v = month.data;
  const dsr = v ? dsrLostDays(v.rows) : new Set<string>();
  const signedAt = justSigned ?? v?.signature?.signedAt;
  const canSign = Boolean(v?.canSign) && !justSigned;

  return (
    <Stack gap="md" data-testid="timesheet-page">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('title')}</Title>
        <Group align="flex-end">
          {month.isFetching && <Loader size="xs" />}
          <Select
            label={t('month')}
            data={recentMonths()}
            value={mes}
            onChange={(m) => {
              if (m) {
                setMes(m);
                setJustSigned(null);
              }
            }}
            allowDeselect={false}
            w={130}
            data-testid="timesheet-month"
          />
          {chooser && (
            <Select
              label={t('employee')}
              placeholder={t('self')}
              data={(people.data?.lines ?? []).map((l) => ({ value: l.employee.id, label: l.employee.nome }))}
              value={employee}
              onChange={(e) => {
                setEmployee(e);
                setJustSigned(null);
              }}
              searchable
              clearable
              w={260}
              data-testid="timesheet-employee"
            />
          )}
        </Group>
      </Group>
      {month.error ? <ServerError error={month.error} /> : null}
      {v && (
        <>
          <Card withBorder>
            <Group justify="space-between">
              <Stack gap={2}>
                <Text fw={600} data-testid="timesheet-employee-name">
                  {v.employee.nome} · {v.employee.codigo}
                </Text>
                <Text size="sm" c="dimmed" data-testid="timesheet-employer">
                  {v.empregador.nome}
                  {v.empregador.cnpj ? ` · CNPJ ${cnpj(v.empregador.cnpj)}` : ''}
                </Text>
                <Group gap="xs">
                  <Badge color={v.closed ? 'blue' : 'gray'} data-testid="timesheet-closed">
                    {v.closed ? t('closed') : t('open')}
                  </Badge>
                  {signedAt ? (
                    <Badge color={v.signature?.superseded && !justSigned ? 'orange' : 'green'} data-testid="timesheet-signature">
                      {t('signed', { date: new Date(signedAt).toLocaleString(i18n.language) })}
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="outline" data-testid="timesheet-signature">
                      {t('notSigned')}
                    </Badge>
                  )}
                </Group>
                {v.signature?.superseded && !justSigned ? (
                  <Text size="sm" c="orange" data-testid="timesheet-superseded">
                    {t('superseded')}
                  </Text>
                ) : null}
              </Stack>
              <Group>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  onClick={() => void downloadPdf(mes, employee, i18n.language)}
                  data-testid="timesheet-pdf"
                >
                  {t('pdf')}
                </Button>
                {canSign && (
                  <Button
                    leftSection={<IconSignature size={16} />}
                    onClick={() => {
                      setSignError(null);
                      setSigning(true);
                    }}
                    data-testid="timesheet-sign"
                  >
                    {t('sign')}
                  </Button>
                )}
              </Group>
            </Group>
          </Card>
          {v.rows.length === 0 ? (
            <Alert color="gray">{t('empty')}</Alert>
          ) : (
            <Table.ScrollContainer minWidth={1000}>
              <Table striped withTableBorder data-testid="timesheet-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('date')}</Table.Th>
                    <Table.Th>{t('schedule')}</Table.Th>
                    <Table.Th>{t('marks')}</Table.Th>
                    <Table.Th>{t('worked')}</Table.Th>
                    <Table.Th>{t('ot50')}</Table.Th>
                    <Table.Th>{t('ot100')}</Table.Th>
                    <Table.Th>{t('night')}</Table.Th>
                    <Table.Th>{t('lateEarly')}</Table.Th>
                    <Table.Th>{t('missing')}</Table.Th>
                    <Table.Th>{t('excused')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {v.rows.map((r) => (
                    <Table.Tr key={r.date} data-testid="timesheet-row">
                      <Table.Td>
                        <Text size="sm">
                          {new Date(`${r.date}T12:00:00Z`).toLocaleDateString(i18n.language, { weekday: 'short', day: '2-digit', month: '2-digit', timeZone: 'UTC' })}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t(`kind.${r.kind}`)}
                        </Text>
                      </Table.Td>
                      <Table.Td>{spansText(r.spans)}</Table.Td>
                      <Table.Td>
                        <MarksCell marks={r.marks} />
                        {r.incomplete ? (
                          <Text size="xs" c="red">
                            {t('incomplete')}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>{hhmm(r.worked)}</Table.Td>
                      <Table.Td>{hhmm(r.overtime50)}</Table.Td>
                      <Table.Td>{hhmm(r.overtime100)}</Table.Td>
                      <Table.Td>{hhmm(r.nightHours)}</Table.Td>
                      <Table.Td>
                        {hhmm(r.late)} / {hhmm(r.early)}
                      </Table.Td>
                      <Table.Td>
                        {hhmm(r.missing)}
                        {r.absent ? (
                          <Badge ml={4} color="red" size="xs">
                            {t('absent')}
                          </Badge>
                        ) : null}
                        {dsr.has(r.date) ? (
                          <Text size="xs" c="red">
                            {t('dsrNote')}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>{hhmm(r.excused + r.leave)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr data-testid="timesheet-totals" style={{ fontWeight: 600 }}>
                    <Table.Td>{t('totals')}</Table.Td>
                    <Table.Td>{hhmm(v.totals.expected)}</Table.Td>
                    <Table.Td />
                    <Table.Td>{hhmm(v.totals.worked)}</Table.Td>
                    <Table.Td>{hhmm(v.totals.overtime50)}</Table.Td>
                    <Table.Td>{hhmm(v.totals.overtime100)}</Table.Td>
                    <Table.Td>{hhmm(v.totals.nightHours)}</Table.Td>
                    <Table.Td>
                      {hhmm(v.totals.late)} / {hhmm(v.totals.early)}
                    </Table.Td>
                    <Table.Td>{hhmm(v.totals.missing)}</Table.Td>
                    <Table.Td>{hhmm(v.totals.excused)}</Table.Td>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group gap="lg">
            <Text size="sm">{t('absentDays', { count: v.totals.absentDays })}</Text>
            <Text size="sm" data-testid="timesheet-dsr">
              {t('dsrLost', { count: v.totals.dsrLost })}
            </Text>
          </Group>
        </>
      )}
      <ConfirmPasswordDialog
        opened={signing}
        busy={sign.isPending}
        error={signError}
        onCancel={() => setSigning(false)}
        onContinue={(senha) =>
          v && sign.mutate({ mes, employee: v.employee.id, senha, hash: v.rowsHash, descricao: `${t('title')} ${mes}` })
        }
      />
    </Stack>
  );
}
