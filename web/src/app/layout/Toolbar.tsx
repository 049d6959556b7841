import { Burger, Group, Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { AppSwitcher } from '@/features/apps';
import { ClockButton } from '@/features/clock';
import { GlobalSearch } from '@/features/search';
import { ShortcutsBar } from '@/features/shortcuts';
import { selectTenant, selectUser, useSessionStore } from '@/lib/session-store';
import { quickClockVisible } from '../menu/menu';
import { useAppMenu } from '../menu/use-app-menu';
import { AssistanceButton } from './AssistanceButton';
import { NotificationBell } from './NotificationBell';
import { UserMenu } from './UserMenu';

interface ToolbarProps {
  navOpened: boolean;
  onToggleNav: () => void;
  /** Show the burger at every width (horizontal layouts open the menu in a drawer on small screens). */
  burgerFrom?: 'md' | 'sm';
}

/**
 * Toolbar (spec portal-core §2): shortcuts bar, global search, language, notification bell,
 * the tenant's assistance link, quick time-clock button (by the permission rule), user menu.
 */
export function Toolbar({ navOpened, onToggleNav, burgerFrom = 'md' }: ToolbarProps) {
  const { t } = useTranslation('common');
  const user = useSessionStore(selectUser);
  const logo = useSessionStore(selectTenant)?.logo;
  const { entries, choose } = useAppMenu();
  // On a phone (390 px) everything must fit one row: the burger never shrinks, the tenant's
  // part gives way first (clipped), and the user's name is cut with an ellipsis (issue 29).
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} gap="xs" justify="space-between" wrap="nowrap" data-testid="toolbar">
      <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom={burgerFrom} size="sm" aria-label={t('nav.toggle')} style={{ flexShrink: 0 }} />
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1, overflow: 'hidden' }}>
        {logo && <Image src={logo} alt="" h={32} w="auto" maw="100%" fit="contain" data-testid="toolbar-logo" />}
        <Text fw={700} visibleFrom="xs" truncate>
          {user?.tenantFantasyName || t('appName')}
        </Text>
        <Group visibleFrom="sm" wrap="nowrap">
          <ShortcutsBar entries={entries} onChoose={choose} />
        </Group>
      </Group>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        <GlobalSearch entries={entries} onChoose={choose} />
        <LanguageSwitch />
        <AppSwitcher />
        <AssistanceButton />
        <NotificationBell />
        {quickClockVisible(user) && <ClockButton />}
        <UserMenu />
      </Group>
    </Group>
  );
}
