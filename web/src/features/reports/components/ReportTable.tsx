import { Button, Group, ScrollArea, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { downloadCsv, downloadXlsx, type Column } from '../utils/export';
import { useReportsT } from '../utils/i18n';

interface Props<T> {
  /** The file name of the exports (and the table's test id). */
  name: string;
  columns: Column<T>[];
  rows: T[];
  maxHeight?: number;
}

/** The id of a report table's block, which the chart above it names as its text alternative (ChartAlt). */
export const reportTableId = (name: string) => `report-table-${name}`;

/** A report table with its CSV and XLSX exports (the same columns, translated headers). */
export function ReportTable<T>({ name, columns, rows, maxHeight = 320 }: Props<T>) {
  const { t } = useReportsT();
  return (
    <div id={reportTableId(name)} data-testid={`table-${name}`}>
      <Group justify="flex-end" gap="xs" mb={4}>
        <Button size="compact-xs" variant="subtle" leftSection={<IconFileTypeCsv size={14} />} onClick={() => downloadCsv(name, columns, rows)} data-testid={`csv-${name}`}>
          CSV
        </Button>
        <Button size="compact-xs" variant="subtle" leftSection={<IconFileSpreadsheet size={14} />} onClick={() => void downloadXlsx(name, columns, rows)} data-testid={`xlsx-${name}`}>
          XLSX
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {t('empty')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={maxHeight} viewportProps={{ tabIndex: 0 }}>
          <Table striped highlightOnHover stickyHeader fz="sm">
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.key}>{c.label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r, i) => (
                <Table.Tr key={i}>
                  {columns.map((c) => (
                    <Table.Td key={c.key}>{c.value(r) ?? '—'}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </div>
  );
}
