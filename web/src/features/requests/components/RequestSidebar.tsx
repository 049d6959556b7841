import { Badge, NavLink, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconClock, IconFileDescription, IconInbox, IconTag, IconX } from '@tabler/icons-react';
import type { RequestSource } from '../api/types';
import { FOLDERS, sameScope, type ListScope } from '../utils/paths';
import { useRequestsT } from '../utils/i18n';

/** The filters of each screen (docs/api.md: filterHandle draft | approved | rejected). */
export const FILTERS: Record<RequestSource, readonly string[]> = {
  request: ['draft', 'approved', 'rejected'],
  approver: ['approved', 'rejected'],
  delivery: [],
};

const FOLDER_ICON = { all: IconInbox, waiting: IconClock } as const;
const FILTER_ICON: Record<string, typeof IconCheck> = { draft: IconFileDescription, approved: IconCheck, rejected: IconX };

/** The side panel of a request screen: folders (all, waiting), filters and labels (spec §2). */
export function RequestSidebar({
  source,
  scope,
  labels,
  waitingCount,
  onSelect,
}: {
  source: RequestSource;
  scope: ListScope;
  labels: readonly string[];
  waitingCount?: number;
  onSelect: (scope: ListScope) => void;
}) {
  const tx = useRequestsT();
  const item = (s: ListScope, label: string, Icon: typeof IconCheck, right?: number) => (
    <NavLink
      key={`${s.kind}-${s.id}`}
      label={label}
      leftSection={<Icon size={16} />}
      rightSection={right ? <Badge size="sm" color="red" circle data-testid={`folder-count-${s.id}`}>{right}</Badge> : undefined}
      active={sameScope(s, scope)}
      onClick={() => onSelect(s)}
      data-testid={`request-${s.kind}-${s.id}`}
    />
  );
  return (
    <Paper withBorder radius="md" p={4} data-testid="request-sidebar">
      <Stack gap={0}>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
          {tx('sidebar.folders')}
        </Text>
        {FOLDERS.map((f) => item({ kind: 'folder', id: f }, tx(`folders.${f}`), FOLDER_ICON[f], f === 'waiting' ? waitingCount : undefined))}
        {FILTERS[source].length > 0 && (
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4} mt="xs">
            {tx('sidebar.filters')}
          </Text>
        )}
        {FILTERS[source].map((f) => item({ kind: 'filter', id: f }, tx(`filters.${f}`), FILTER_ICON[f] ?? IconCheck))}
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4} mt="xs">
          {tx('sidebar.labels')}
        </Text>
        {labels.length === 0 ? (
          <Text size="xs" c="dimmed" px="sm" py={4} data-testid="request-no-labels">
            {tx('sidebar.noLabels')}
          </Text>
        ) : (
          labels.map((l) => item({ kind: 'label', id: l }, l, IconTag))
        )}
      </Stack>
    </Paper>
  );
}
