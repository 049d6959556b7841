import { useState } from 'react';
import { Alert, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { getReads } from '../api/audit';
import { useAuditLoad, useAuditT } from '../utils';

/** Who looked at what in the audit area, and when (newest first). */
export function ReadsPanel() {
  const { t, tr, when, error } = useAuditT();
  const [page, setPage] = useState(1);
  const { data, failed } = useAuditLoad((signal) => getReads(page, signal), String(page));
  if (failed !== undefined) return <Alert color="red">{error(failed)}</Alert>;
  if (!data) return <Loader />;
  return (
    <Stack gap="sm" data-testid="audit-reads">
      <Text size="sm" c="dimmed">
        {t('reads.about')}
      </Text>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reads.at')}</Table.Th>
            <Table.Th>{t('reads.who')}</Table.Th>
            <Table.Th>{t('reads.what')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.items.map((r, i) => (
            <Table.Tr key={`${r.at}-${i}`} data-testid="audit-read">
              <Table.Td>{when(r.at)}</Table.Td>
              <Table.Td>{r.name || r.user}</Table.Td>
              <Table.Td>
                {tr(`reads.views.${r.view}`)}
                {r.kind && ` · ${tr(`kinds.${r.kind}`)}`}
                {r.query && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    {r.query}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {data.total > 50 && <Pagination total={Math.ceil(data.total / 50)} value={page} onChange={setPage} />}
    </Stack>
  );
}
