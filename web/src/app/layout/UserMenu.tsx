import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { initialsOf, roleLabel, shortName } from './user-display';

/** User menu: name, initials avatar, role label and Logout. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const user = useSessionStore(selectUser);

  if (!user) {
    return (
      <UnstyledButton onClick={() => navigate('/login')}>
        <Text size="sm">{t('userMenu.login')}</Text>
      </UnstyledButton>
    );
  }

  return (
    <Menu position="bottom-end" withinPortal width={220}>
      <Menu.Target>
        <UnstyledButton aria-label={t('toolbar.userMenu')} data-testid="user-menu">
          <Group gap="xs" wrap="nowrap">
            <Avatar color="blue" radius="xl" size={36} src={user.photoUrl || null}>
              {initialsOf(user)}
            </Avatar>
            <div style={{ lineHeight: 1 }} className="user-menu-text">
              <Text size="sm" fw={600} data-testid="user-menu-name">
                {shortName(user.displayName || user.userName)}
              </Text>
              <Text size="xs" c="dimmed" data-testid="user-menu-role">
                {roleLabel(user)}
              </Text>
            </div>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email || user.userName}</Menu.Label>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => navigate('/logout')} data-testid="logout">
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
