import { Burger, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { ClockButton, canUseQuickClock } from '@/features/clock';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { NotificationBell } from './NotificationBell';
import { UserMenu } from './UserMenu';

interface ToolbarProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

export function Toolbar({ navOpened, onToggleNav }: ToolbarProps) {
  const { t } = useTranslation('common');
  const user = useSessionStore(selectUser);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="md" size="sm" aria-label={t('nav.toggle')} />
        <Text fw={700} visibleFrom="xs">
          {user?.tenantFantasyName || t('appName')}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <LanguageSwitch />
        <NotificationBell />
        {canUseQuickClock(user) && <ClockButton />}
        <UserMenu />
      </Group>
    </Group>
  );
}
