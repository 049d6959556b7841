import { Box, ScrollArea, Table, Text, Tooltip } from '@mantine/core';
import type { MapEntry } from '../api/types';
import { awayGrid } from '../utils/map';
import { useVacationsT } from '../utils/i18n';
import { cssColor, mapEntryColor } from '../utils/status';

interface Props {
  entries: MapEntry[];
  from: string;
  to: string;
  onPerson?: (m01Ukey: string, nome: string) => void;
}

/**
 * "Who is away when": one row per person, one cell per day, coloured by status (a simple
 * Gantt; FullCalendar's resource timeline is a premium plugin).
 */
export function AwayGrid({ entries, from, to, onPerson }: Props) {
  const { t, tr, day } = useVacationsT();
  const { days, rows } = awayGrid(entries, from, to);
  if (rows.length === 0) return <Text c="dimmed">{tr('leave.empty')}</Text>;
  return (
    <ScrollArea type="auto" data-testid="away-grid" viewportProps={{ tabIndex: 0 }}>
      <Table withColumnBorders verticalSpacing={2} horizontalSpacing={0} style={{ tableLayout: 'fixed', minWidth: 180 + days.length * 22 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={180} px="xs">
              {t('map.person')}
            </Table.Th>
            {days.map((d) => (
              <Table.Th key={d} w={22} ta="center" fz={10}>
                {Number(d.slice(8))}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.m01Ukey} data-testid="away-row" data-person={r.m01Ukey}>
              <Table.Td px="xs">
                <Text size="xs" fw={500} truncate style={{ cursor: onPerson ? 'pointer' : undefined }} onClick={() => onPerson?.(r.m01Ukey, r.nome)}>
                  {r.nome}
                </Text>
                <Text size="10px" c="dimmed" truncate>
                  {r.departamento}
                </Text>
              </Table.Td>
              {r.cells.map((c, i) => (
                <Table.Td key={days[i]} p={0}>
                  {c && (
                    <Tooltip label={`${tr(`leaveStatus.${c.status}`)} · ${t('leave.range', { start: day(c.inicio), end: day(c.fim) })}`}>
                      <Box h={18} style={{ background: cssColor(mapEntryColor(c)) }} data-status={c.status} />
                    </Tooltip>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
