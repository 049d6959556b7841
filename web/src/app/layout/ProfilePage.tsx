import { Avatar, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SsoIdentitiesPanel } from '@/features/auth';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { initialsOf, roleLabel } from './user-display';

/** /pages/profile: the signed-in user's own data. */
export function ProfilePage() {
  const { t } = useTranslation('navigation');
  const user = useSessionStore(selectUser);
  if (!user) return null;
  const rows: [string, string][] = [
    [t('profile.userName'), user.userName],
    [t('profile.email'), user.email ?? ''],
    [t('profile.role'), roleLabel(user)],
    [t('profile.company'), user.tenantFantasyName ?? ''],
  ];
  return (
    <Stack gap="lg" data-testid="profile-page">
      <Title order={2}>{t('profile.title')}</Title>
      <Paper withBorder p="lg" radius="md">
        <Group align="flex-start" gap="xl">
          <Avatar color="blue" radius="xl" size={72} src={user.photoUrl || null}>
            {initialsOf(user)}
          </Avatar>
          <Stack gap={4} style={{ flex: 1 }}>
            <Text fw={700} size="lg">
              {user.displayName || user.userName}
            </Text>
            <Table withRowBorders={false} verticalSpacing={4}>
              <Table.Tbody>
                {rows.map(([k, v]) => (
                  <Table.Tr key={k}>
                    <Table.Td c="dimmed" w={140}>
                      {k}
                    </Table.Td>
                    <Table.Td>{v}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </Group>
      </Paper>
      <SsoIdentitiesPanel />
    </Stack>
  );
}
