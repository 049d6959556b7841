import { useState } from 'react';
import { Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '@/components/QueryStatus';
import { requestQueries } from '../api/queries';
import type { TeamMember } from '../api/types';
import { useRequestsT } from '../utils/i18n';

/**
 * The 'my team' dialog (spec §2, §6): the manager picks a team member to act for; the
 * requests screen then lists and files that member's requests with the member's key.
 */
export function MyTeamDialog({ opened, onClose, onChoose }: { opened: boolean; onClose: () => void; onChoose: (m: TeamMember) => void }) {
  const { t } = useTranslation('common');
  const tx = useRequestsT();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const query = useQuery({ ...requestQueries.myTeam(debounced.trim()), enabled: opened });
  const members = query.data;

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>{tx('team.title')}</Text>}>
      <Stack gap="sm" data-testid="my-team-dialog">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={tx('team.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-testid="my-team-search"
        />
        <QueryStatus query={query} message={() => tx('team.loadFailed')} />
        {members?.length === 0 && (
          <Text c="dimmed" data-testid="empty-list">
            {t('noRecords')}
          </Text>
        )}
        {members?.map((m) => (
          <UnstyledButton
            key={m.m01Ukey}
            onClick={() => onChoose(m)}
            p="xs"
            style={{ borderRadius: 'var(--mantine-radius-sm)', border: '1px solid var(--mantine-color-default-border)' }}
            data-testid="my-team-member"
            data-user-hash={m.userHash}
          >
            <Text size="sm" fw={600}>{m.nome}</Text>
            <Text size="xs" c="dimmed">{m.cargo}</Text>
          </UnstyledButton>
        ))}
      </Stack>
    </Modal>
  );
}
