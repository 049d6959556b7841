import { Badge, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/datetime';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import type { ApproverStep } from '../api/types';
import { useRequestsT } from '../utils/i18n';

const COLUMNS = ['step', 'approver', 'state', 'decision'] as const;
const STATE_COLOR = { pending: 'gray', waiting: 'yellow', approved: 'green', rejected: 'red' } as const;

/** The approvers of a request (spec §2): its chain, each step's state, who decided, for whom and when. */
export function ApproversDialog({ opened, onClose, steps }: { opened: boolean; onClose: () => void; steps: ApproverStep[] }) {
  const tx = useRequestsT();
  const language = useLanguageStore(selectLanguage);
  return (
    <Modal opened={opened} onClose={onClose} size="lg" title={<Text fw={700}>{tx('approvers.title')}</Text>}>
      {steps.length === 0 ? (
        <Text c="dimmed" data-testid="approvers-empty">
          {tx('approvers.empty')}
        </Text>
      ) : (
        <Table data-testid="approvers-table" striped>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c) => (
                <Table.Th key={c}>{tx(`approvers.${c}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {steps.map((s) => (
              <Table.Tr key={s.index} data-testid="approver-step" data-state={s.state} data-kind={s.kind}>
                <Table.Td>
                  {s.index + 1}. {tx(`approvers.kind.${s.kind}`)}
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm">{s.approver?.nome ?? tx(`approvers.anyOf.${s.kind}`)}</Text>
                    {s.lockedTo && (
                      <Text size="xs" c="dimmed">
                        {tx(s.lockedToAbsent ? 'approvers.lockedToAbsent' : 'approvers.lockedTo', { name: s.lockedTo.nome })}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLOR[s.state]} variant="light" tt="none">
                    {tx(`approvers.states.${s.state}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {s.decidedBy && (
                    <Stack gap={0}>
                      <Group gap={4}>
                        <Text size="sm">{s.decidedBy.nome}</Text>
                        {s.onBehalfOf && (
                          <Text size="xs" c="dimmed">
                            ({tx('timeline.onBehalf', { name: s.onBehalfOf.nome })})
                          </Text>
                        )}
                      </Group>
                      {s.decidedAt && (
                        <Text size="xs" c="dimmed">
                          {formatDateTime(s.decidedAt, language)}
                        </Text>
                      )}
                      {s.comentario && (
                        <Text size="xs" fs="italic">
                          “{s.comentario}”
                        </Text>
                      )}
                    </Stack>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
