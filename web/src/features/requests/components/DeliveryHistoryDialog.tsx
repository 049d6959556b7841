import { useEffect, useState } from 'react';
import { Alert, Badge, Group, Loader, Modal, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/datetime';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import { getDeliveryGroupedHistory, getDeliveryHistory } from '../api/get-delivery-history';
import type { DeliveryEntry, DeliveryGroup } from '../api/types';
import { useRequestsT } from '../utils/i18n';

type Mode = 'plain' | 'grouped';

/** The delivery history of a request (spec §2), plain (every change) or grouped by status. */
export function DeliveryHistoryDialog({
  opened,
  onClose,
  requestId,
  version,
}: {
  opened: boolean;
  onClose: () => void;
  requestId: string;
  /** The request's version: a new one (a live change) reloads the history. */
  version: number;
}) {
  const tx = useRequestsT();
  const language = useLanguageStore(selectLanguage);
  const [mode, setMode] = useState<Mode>('plain');
  const [plain, setPlain] = useState<DeliveryEntry[] | null>(null);
  const [grouped, setGrouped] = useState<DeliveryGroup[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!opened) return;
    const ctrl = new AbortController();
    setFailed(false);
    Promise.all([getDeliveryHistory(requestId, ctrl.signal), getDeliveryGroupedHistory(requestId, ctrl.signal)])
      .then(([p, g]) => {
        setPlain(p);
        setGrouped(g);
      })
      .catch(() => {
        if (!ctrl.signal.aborted) setFailed(true);
      });
    return () => ctrl.abort();
  }, [opened, requestId, version]);

  const when = (at: string) => formatDateTime(at, language);
  const loading = !failed && (plain === null || grouped === null);
  const empty = mode === 'plain' ? plain?.length === 0 : grouped?.length === 0;

  return (
    <Modal opened={opened} onClose={onClose} size="lg" title={<Text fw={700}>{tx('delivery.title')}</Text>}>
      <Stack gap="sm" data-testid="delivery-history">
        <SegmentedControl
          value={mode}
          onChange={(v) => setMode(v as Mode)}
          data={[
            { value: 'plain', label: tx('delivery.plain') },
            { value: 'grouped', label: tx('delivery.grouped') },
          ]}
          data-testid="delivery-history-mode"
        />
        {failed && <Alert color="red">{tx('delivery.loadFailed')}</Alert>}
        {loading && <Loader size="sm" />}
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
