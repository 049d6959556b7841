import type { ReactNode } from 'react';
import { Avatar, Box, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogin, IconLogout, IconPalette, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { useSettingsDrawerStore } from './settings-drawer-store';
import { userMenuEntries, type UserMenuEntryId } from './user-menu-entries';
import { initialsOf, roleLabel, shortName } from './user-display';

/** User menu: name, initials avatar, role label and the entries its rules allow. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const { t: tn } = useTranslation('navigation');
  const navigate = useNavigate();
  const user = useSessionStore(selectUser);
  const openPanel = useSettingsDrawerStore((s) => s.open);
  const entries = userMenuEntries(user);

  if (!user) {
    return (
      <UnstyledButton onClick={() => navigate('/login')} data-testid="user-menu-login">
        <Text size="sm">{t('userMenu.login')}</Text>
      </UnstyledButton>
    );
  }

  const items: Record<UserMenuEntryId, { icon: ReactNode; label: string; run: () => void }> = {
    profile: { icon: <IconUserCircle size={16} />, label: tn('userMenu.profile'), run: () => navigate('/pages/profile') },
    changePassword: { icon: <IconKey size={16} />, label: tn('userMenu.changePassword'), run: () => navigate('/change-password') },
    colorSchemes: { icon: <IconPalette size={16} />, label: tn('userMenu.colorSchemes'), run: () => openPanel('colors') },
    hrSettings: { icon: <IconSettings size={16} />, label: tn('userMenu.hrSettings'), run: () => openPanel('hr') },
    logout: { icon: <IconLogout size={16} />, label: t('userMenu.logout'), run: () => navigate('/logout') },
    // A signed-in account without a role: signing in again starts from a clean session.
    login: { icon: <IconLogin size={16} />, label: t('userMenu.login'), run: () => navigate('/logout') },
  };

  return (
    <Menu position="bottom-end" withinPortal width={220}>
      <Menu.Target>
        {/* Named by its visible name and role plus a hidden "user menu" (axe label-content-name-mismatch). */}
        <UnstyledButton data-testid="user-menu">
          <Group gap={4} wrap="nowrap">
            <Avatar color="blue" radius="xl" size={32} src={user.photoUrl || null} style={{ flexShrink: 0 }} aria-hidden>
              {initialsOf(user)}
            </Avatar>
            {/* One line each, cut with an ellipsis: on a phone the name had wrapped and pushed the arrow out. */}
            <Box lh={1} maw={{ base: 64, xs: 120, sm: 160 }} miw={0} className="user-menu-text">
              <Text size="sm" fw={600} truncate data-testid="user-menu-name">
                {shortName(user.displayName || user.userName)}
              </Text>
              <Text size="xs" c="dimmed" truncate data-testid="user-menu-role">
                {roleLabel(user)}
              </Text>
            </Box>
            <VisuallyHidden>{t('toolbar.userMenu')}</VisuallyHidden>
            <IconChevronDown size={14} style={{ flexShrink: 0 }} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown data-testid="user-menu-dropdown">
        <Menu.Label>{user.email || user.userName}</Menu.Label>
        {entries.map((id) => (
          <Menu.Item key={id} leftSection={items[id].icon} onClick={items[id].run} data-testid={id === 'logout' ? 'logout' : `user-menu-${id}`}>
            {items[id].label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
