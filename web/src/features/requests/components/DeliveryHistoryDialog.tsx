import { useState } from 'react';
import { Badge, Group, Modal, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryStatus } from '@/components/QueryStatus';
import { formatDateTime } from '@/lib/datetime';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import { requestQueries } from '../api/queries';
import { useRequestsT } from '../utils/i18n';

const MODES = ['plain', 'grouped'] as const;
type Mode = (typeof MODES)[number];

/** The delivery history of a request (spec §2), plain (every change) or grouped by status. */
export function DeliveryHistoryDialog({ opened, onClose, requestId }: { opened: boolean; onClose: () => void; requestId: string }) {
  const tx = useRequestsT();
  const language = useLanguageStore(selectLanguage);
  const [mode, setMode] = useState<Mode>('plain');
  // request.changed makes it stale: a delivery change elsewhere shows while it is open.
  const query = useQuery({ ...requestQueries.deliveryHistory(requestId), enabled: opened });
  const [plain, grouped] = query.data ?? [];

  const when = (at: string) => formatDateTime(at, language);
  const loading = !query.data;
  const empty = mode === 'plain' ? plain?.length === 0 : grouped?.length === 0;

  return (
    <Modal opened={opened} onClose={onClose} size="lg" title={<Text fw={700}>{tx('delivery.title')}</Text>}>
      <Stack gap="sm" data-testid="delivery-history">
        <SegmentedControl
          value={mode}
          onChange={(v) => setMode(v as Mode)}
          data={MODES.map((m) => ({ value: m, label: tx(`delivery.${m}`) }))}
          data-testid="delivery-history-mode"
        />
        <QueryStatus query={query} message={() => tx('delivery.loadFailed')} />
        {!loading && empty && (
          <Text c="dimmed" data-testid="delivery-history-empty">
            {tx('delivery.empty')}
          </Text>
        )}
        {!loading && !empty && mode === 'plain' && (
          <Table data-testid="delivery-history-plain">
            <Table.Tbody>
              {plain?.map((e, i) => (
                <Table.Tr key={i} data-testid="delivery-entry" data-status={e.status}>
                  <Table.Td>
                    <Badge variant="light" tt="none">
                      {tx(`deliveryStatus.${e.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{e.by?.nome}</Table.Td>
                  <Table.Td>{when(e.at)}</Table.Td>
                  <Table.Td>{e.comentario}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {!loading && !empty && mode === 'grouped' && (
          <Stack gap="xs" data-testid="delivery-history-grouped">
            {grouped?.map((g) => (
              <Group key={g.status} justify="space-between" data-testid="delivery-group" data-status={g.status}>
                <Badge variant="light" tt="none">
                  {tx(`deliveryStatus.${g.status}`)}
                </Badge>
                <Text size="sm">{tx('delivery.groupCount', { count: g.count })}</Text>
                <Text size="sm" c="dimmed">
                  {tx('delivery.lastAt', { at: when(g.lastAt) })}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
