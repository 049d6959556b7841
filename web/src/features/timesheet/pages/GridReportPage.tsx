import { useState } from 'react';
import { Badge, Button, Group, Loader, Modal, Select, Stack, Table, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ServerError } from '@/components/ServerError';
import { errorMessageKey } from '@/lib/api';
import { isVisible, permissionsOf } from '@/lib/permissions';
import { useCommand } from '@/lib/query';
import { translateServerMessage } from '@/lib/server-message';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { closeMonth, downloadGrid, getGrid, reopenMonth, timesheetKeys } from '../api/timesheet';
import { hhmm, previousMonth, recentMonths } from '../utils/format';

const SIG_COLOR = { none: 'gray', signed: 'green', superseded: 'orange' } as const;

/** /apps/rh/timeSheet/gridReport: a month's line per employee (managers their team, HR the tenant), HR's closing. */
export function GridReportPage() {
  const { t, i18n } = useTranslation('timesheet');
  const hr = isVisible({ roles: ['pwa-rh-adm'] }, permissionsOf(useSessionStore(selectUser)));
  const [mes, setMes] = useState(previousMonth());
  const [reopening, setReopening] = useState(false);
  const [reason, setReason] = useState('');
  const grid = useQuery({ queryKey: timesheetKeys.grid(mes), queryFn: ({ signal }) => getGrid(mes, signal) });
  const failed = (e: unknown) => notifications.show({ color: 'red', message: translateServerMessage(errorMessageKey(e, 'erro_interno'), t('error')) });
  const close = useCommand((m: string, ctx) => closeMonth(m, ctx), {
    invalidates: [timesheetKeys.all],
    onSuccess: () => notifications.show({ color: 'green', message: t('closedOk') }),
    onError: failed,
  });
  const reopen = useCommand(reopenMonth, {
    invalidates: [timesheetKeys.all],
    onSuccess: () => {
      setReopening(false);
      setReason('');
      notifications.show({ color: 'green', message: t('reopenedOk') });
    },
    onError: failed,
  });
  const g = grid.data;

  return (
    <Stack gap="md" data-testid="timesheet-grid-page">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('gridTitle')}</Title>
        <Group align="flex-end">
          {grid.isFetching && <Loader size="xs" />}
          <Select label={t('month')} data={recentMonths()} value={mes} onChange={(m) => m && setMes(m)} allowDeselect={false} w={130} data-testid="grid-month" />
          {g && (
            <Badge size="lg" color={g.closed ? 'blue' : 'gray'} data-testid="grid-closed">
              {g.closed ? t('closed') : t('open')}
            </Badge>
          )}
          {hr && g && !g.closed && (
            <Button leftSection={<IconLock size={16} />} loading={close.isPending} onClick={() => close.mutate(mes)} data-testid="grid-close">
              {t('close')}
            </Button>
          )}
          {hr && g?.closed && (
            <Button variant="default" leftSection={<IconLockOpen size={16} />} onClick={() => setReopening(true)} data-testid="grid-reopen">
              {t('reopen')}
            </Button>
          )}
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void downloadGrid(mes, 'csv', i18n.language)} data-testid="grid-csv">
            {t('csv')}
          </Button>
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void downloadGrid(mes, 'xlsx', i18n.language)} data-testid="grid-xlsx">
            {t('xlsx')}
          </Button>
        </Group>
      </Group>
      {grid.error ? <ServerError error={grid.error} /> : null}
      {g && (
        // The table may scroll sideways (a badge keeps its whole word), so its viewport takes the focus
        // and has a name: a keyboard user can scroll it (axe's scrollable-region-focusable).
        <Table.ScrollContainer minWidth={1000} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('gridTitle') } }}>
          <Table striped withTableBorder data-testid="grid-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('code')}</Table.Th>
                <Table.Th>{t('employee')}</Table.Th>
                <Table.Th>{t('department')}</Table.Th>
                <Table.Th>{t('expected')}</Table.Th>
                <Table.Th>{t('worked')}</Table.Th>
                <Table.Th>{t('ot50')}</Table.Th>
                <Table.Th>{t('ot100')}</Table.Th>
                <Table.Th>{t('night')}</Table.Th>
                <Table.Th>{t('lateEarly')}</Table.Th>
                <Table.Th>{t('missing')}</Table.Th>
                <Table.Th>{t('signature')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {g.lines.map((l) => (
                <Table.Tr key={l.employee.id} data-testid="grid-line">
                  <Table.Td>{l.employee.codigo}</Table.Td>
                  <Table.Td>{l.employee.nome}</Table.Td>
                  <Table.Td>{l.employee.departamento}</Table.Td>
                  <Table.Td>{hhmm(l.totals.expected)}</Table.Td>
                  <Table.Td>{hhmm(l.totals.worked)}</Table.Td>
                  <Table.Td>{hhmm(l.totals.overtime50)}</Table.Td>
                  <Table.Td>{hhmm(l.totals.overtime100)}</Table.Td>
                  <Table.Td>{hhmm(l.totals.nightHours)}</Table.Td>
                  <Table.Td>
                    {hhmm(l.totals.late)} / {hhmm(l.totals.early)}
                  </Table.Td>
                  <Table.Td>{hhmm(l.totals.missing)}</Table.Td>
                  <Table.Td>
                    <Badge color={SIG_COLOR[l.signature]} variant="light" style={{ minWidth: 'max-content' }}>
                      {t(`sig.${l.signature}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={reopening} onClose={() => setReopening(false)} title={t('reopenTitle')} centered>
        <Stack>
          <Textarea label={t('reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} required maxLength={500} data-testid="grid-reopen-reason" />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setReopening(false)}>
              {t('cancel')}
            </Button>
            <Button disabled={!reason.trim()} loading={reopen.isPending} onClick={() => reopen.mutate({ mes, motivo: reason })} data-testid="grid-reopen-confirm">
              {t('continue')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
