import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Center, Group, Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { MoodAvatar, type AvatarSize } from '@/components/MoodAvatar';
import type { PersonRow } from '../api/types';
import { usePeopleT } from '../utils/i18n';

interface Props {
  rows: PersonRow[];
  /** Opens a colleague's card. */
  onOpen: (row: PersonRow) => void;
  /** Opens the drill-down of a department (absent: the department is plain text). */
  onDepartment?: (row: PersonRow) => void;
  /** A line under the name (the birthday, the hire date). */
  detail?: (row: PersonRow) => ReactNode;
  avatar?: AvatarSize;
  /** A paged listing: its loader and the button that appends the next page. */
  paging?: { loading: boolean; hasNext: boolean; more: () => void };
  /** A list read at once: true while it loads. */
  loading?: boolean;
  empty: string;
}

/** People as rows: the avatar (with the mood when the reader may see it), name, position, department and unit. */
export function PeopleList({ rows, onOpen, onDepartment, detail, avatar = 'small', paging, empty, ...props }: Props) {
  const { t, tr } = usePeopleT();
  const loading = paging?.loading ?? props.loading;
  if (rows.length === 0 && !loading) {
    return (
      <Text c="dimmed" ta="center" py="xl" data-testid="people-empty">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {rows.map((r) => (
        <Paper key={r.id} withBorder p="xs" radius="md" data-testid="person-row" data-employee={r.id}>
          <Group wrap="nowrap" gap="sm">
            <MoodAvatar member={r} size={avatar} />
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <UnstyledButton onClick={() => onOpen(r)} data-testid="person-open">
                <Text fw={600} truncate>
                  {r.nome}
                </Text>
              </UnstyledButton>
              <Text size="sm" truncate>
                {r.title}
                {r.codigo ? ` · ${r.codigo}` : ''}
              </Text>
              <Group gap={6} wrap="nowrap">
                {onDepartment ? (
                  <Anchor component="button" size="xs" onClick={() => onDepartment(r)} data-testid="person-department">
                    {r.departamento}
                  </Anchor>
                ) : (
                  <Text size="xs" c="dimmed">
                    {r.departamento}
                  </Text>
                )}
                <Text size="xs" c="dimmed" truncate>
                  · {r.unidade}
                </Text>
              </Group>
              {detail?.(r)}
            </Stack>
            {r.status && r.status !== 'active' && (
              <Badge color={r.status === 'away' ? 'orange' : 'gray'} variant="light">
                {tr(`status.${r.status}`)}
              </Badge>
            )}
          </Group>
        </Paper>
      ))}
      {loading && (
        <Center py="sm">
          <Loader size="sm" />
        </Center>
      )}
      {paging?.hasNext && !loading && (
        <Button variant="light" onClick={paging.more} data-testid="people-more">
          {t('list.more')}
        </Button>
      )}
    </Stack>
  );
}
