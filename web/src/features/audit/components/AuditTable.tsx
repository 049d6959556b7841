import type { ReactNode } from 'react';
import { Alert, Loader, Table, type TableProps } from '@mantine/core';
import { useAuditT } from '../utils';

/** A bordered table of the audit area: its column titles, then its rows. */
export function AuditTable({ head, children, ...props }: TableProps & { head?: ReactNode[] }) {
  return (
    <Table withTableBorder {...props}>
      {head && (
        <Table.Thead>
          <Table.Tr>
            {head.map((h, i) => (
              <Table.Th key={i}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
      )}
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}

/** One row of plain cells. */
export function AuditRow({ cells, testId }: { cells: ReactNode[]; testId?: string }) {
  return (
    <Table.Tr data-testid={testId}>
      {cells.map((c, i) => (
        <Table.Td key={i}>{c}</Table.Td>
      ))}
    </Table.Tr>
  );
}

/** A read's failure in the audit's words (red), else a loader while it is on its way. */
export function AuditStatus({ error, pending = false, testId }: { error: unknown; pending?: boolean; testId?: string }) {
  const { error: say } = useAuditT();
  if (error) {
    return (
      <Alert color="red" data-testid={testId}>
        {say(error)}
      </Alert>
    );
  }
  return pending ? <Loader /> : null;
}
