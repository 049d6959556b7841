import { Table, Text } from '@mantine/core';
import type { VacationPeriod } from '../api/types';
import { useVacationsT } from '../utils/i18n';
import { PeriodStatusBadge } from './StatusBadge';

/** The acquisition periods with their balance and status, newest first. */
export function PeriodsTable({ periods }: { periods: VacationPeriod[] }) {
  const { t, tr, day } = useVacationsT();
  if (periods.length === 0) return <Text c="dimmed">{t('period.empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover data-testid="vacation-periods">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('period.acquisition')}</Table.Th>
            <Table.Th>{t('period.concessive')}</Table.Th>
            <Table.Th ta="right">{t('period.entitled')}</Table.Th>
            <Table.Th ta="right">{t('period.pending')}</Table.Th>
            <Table.Th ta="right">{t('period.scheduled')}</Table.Th>
            <Table.Th ta="right">{t('period.taken')}</Table.Th>
            <Table.Th ta="right">{t('period.abono')}</Table.Th>
            <Table.Th ta="right">{t('period.remaining')}</Table.Th>
            <Table.Th>{t('period.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...periods].reverse().map((p) => (
            <Table.Tr key={p.periodo} data-testid={`period-${p.periodo}`}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {t('period.number', { n: p.periodo + 1 })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('leave.range', { start: day(p.inicio), end: day(p.fim) })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{day(p.fimConcessivo)}</Text>
                {p.status === 'expiring' && (
                  <Text size="xs" c="orange">
                    {t('period.daysLeft', { count: p.diasParaVencer })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{p.direito}</Table.Td>
              <Table.Td ta="right">{p.pendentes}</Table.Td>
              <Table.Td ta="right">{p.agendados}</Table.Td>
              <Table.Td ta="right">{p.gozados}</Table.Td>
              <Table.Td ta="right">{p.abono}</Table.Td>
              <Table.Td ta="right" fw={700} data-testid="period-remaining">
                {p.saldo}
              </Table.Td>
              <Table.Td>
                <PeriodStatusBadge status={p.status} />
                {p.encerramento && (
                  <Text size="xs" c="dimmed">
                    {tr(`closure.${p.encerramento}`)}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
