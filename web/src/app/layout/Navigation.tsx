import { Avatar, Box, Divider, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconClock, IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { canUseQuickClock, useClockStore } from '@/features/clock';
import { HOME_PATH } from '@/lib/config';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { initialsOf, shortName } from './user-display';

interface NavigationProps {
  onNavigate: () => void;
}

/** Vertical navigation (layout1): user panel, Home and Time clock. */
export function Navigation({ onNavigate }: NavigationProps) {
  const { t } = useTranslation('common');
  const location = useLocation();
  const user = useSessionStore(selectUser);
  const openClock = useClockStore((s) => s.open);

  return (
    <Stack gap={0} h="100%">
      {user && (
        <Box p="md" data-testid="nav-user-panel">
          <Group wrap="nowrap">
            <Avatar color="blue" radius="xl" src={user.photoUrl || null}>
              {initialsOf(user)}
            </Avatar>
            <Box style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {shortName(user.displayName || user.userName)}
              </Text>
              {user.email && (
                <Text size="xs" c="dimmed" truncate>
                  {user.email}
                </Text>
              )}
            </Box>
          </Group>
        </Box>
      )}
      <Divider />
      <ScrollArea style={{ flex: 1 }} p="xs">
        <nav aria-label={t('nav.title')}>
          <NavLink
            component={Link}
            to={HOME_PATH}
            label={t('nav.home')}
            leftSection={<IconHome size={18} />}
            active={location.pathname === HOME_PATH}
            onClick={onNavigate}
            data-testid="nav-home"
          />
          {canUseQuickClock(user) && (
            <NavLink
              component="button"
              label={t('nav.timeClock')}
              leftSection={<IconClock size={18} />}
              onClick={() => {
                onNavigate();
                openClock();
              }}
              data-testid="nav-clock"
            />
          )}
        </nav>
      </ScrollArea>
    </Stack>
  );
}
