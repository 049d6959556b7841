import type { ReactNode } from 'react';
import { Avatar, Box, Divider, Group, NavLink, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { RequestMenuBadge } from '@/features/requests';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { menuMaturity } from '../menu/built';
import { MaturityBadge } from '../menu/MaturityBadge';
import { MenuIcon } from '../menu/MenuIcon';
import type { MenuNode } from '../menu/menu';
import { useAppMenu } from '../menu/use-app-menu';
import type { NavbarStyle } from './layout-settings';
import { initialsOf, shortName } from './user-display';

/** Test ids of the entries the first browser tests drove. */
const LEGACY_IDS: Record<string, string> = { home: 'nav-home', rh_007_001: 'nav-clock' };
export const navTestId = (id: string) => LEGACY_IDS[id] ?? `nav-${id}`;

interface NavigationProps {
  onNavigate?: () => void;
  /** style-1 full; style-2 folded to icons (unfolded while hovered); style-3 icons with labels; style-3-dense icons. */
  navbarStyle?: NavbarStyle;
  /** style-2 only: the navigation is open (hovered). */
  unfolded?: boolean;
}

type Mode = 'full' | 'icons' | 'stacked';

function modeOf(style: NavbarStyle, unfolded: boolean): Mode {
  if (style === 'style-3') return 'stacked';
  if (style === 'style-3-dense') return 'icons';
  if (style === 'style-2') return unfolded ? 'full' : 'icons';
  return 'full';
}

/** Vertical navigation (layout1, and the mobile drawer of the horizontal layouts). */
export function Navigation({ onNavigate, navbarStyle = 'style-1', unfolded = false }: NavigationProps) {
  const { t } = useTranslation('navigation');
  const user = useSessionStore(selectUser);
  const { menu, choose, title } = useAppMenu();
  const { pathname } = useLocation();
  const mode = modeOf(navbarStyle, unfolded);

  const open = (node: MenuNode) => {
    onNavigate?.();
    if (node.action || node.type === 'link') choose(node.id);
  };

  const entry = (node: MenuNode): ReactNode => {
    const label = title(node.id);
    // An area's own sub-routes (e.g. /apps/request/all/<id>) keep its entry active.
    const active = Boolean(node.url && (pathname === node.url || pathname.startsWith(`${node.url}/`)));
    // Actions (the time clock) and external links run through choose; pages are links.
    const asLink = !node.action && node.type !== 'link';
    const onClick = () => open(node);
    const common = { 'data-testid': navTestId(node.id), 'data-menu-id': node.id } as const;
    if (mode === 'full') {
      const props = {
        ...common,
        label,
        leftSection: <MenuIcon name={node.icon} />,
        rightSection: (
          <Group gap={4} wrap="nowrap">
            <RequestMenuBadge menuId={node.id} />
            <MaturityBadge status={menuMaturity(node)} id={node.id} compact interactive={asLink} />
          </Group>
        ),
        active,
      };
      return asLink ? (
        <NavLink key={node.id} {...props} component={Link} to={node.url ?? '/'} onClick={onClick} />
      ) : (
        <NavLink key={node.id} {...props} component="button" type="button" onClick={onClick} />
      );
    }
    const inner = (
      <Stack gap={2} align="center">
        <MenuIcon name={node.icon} size={22} />
        {mode === 'stacked' && (
          <Text size="10px" ta="center" lh={1.1} lineClamp={2}>
            {label}
          </Text>
        )}
      </Stack>
    );
    const props = {
      ...common,
      'aria-label': label,
      'data-active': active || undefined,
      w: '100%',
      py: 6,
      style: { borderRadius: 'var(--mantine-radius-sm)', background: active ? 'var(--mantine-color-blue-light)' : undefined },
    };
    return (
      <Tooltip key={node.id} label={label} position="right" withinPortal disabled={mode === 'stacked'}>
        {asLink ? (
          <UnstyledButton {...props} component={Link} to={node.url ?? '/'} onClick={onClick}>
            {inner}
          </UnstyledButton>
        ) : (
          <UnstyledButton {...props} onClick={onClick}>
            {inner}
          </UnstyledButton>
        )}
      </Tooltip>
    );
  };

  const render = (nodes: readonly MenuNode[]): ReactNode[] =>
    nodes.map((node) => {
      if (node.type === 'divider') return <Divider key={node.id} my={4} />;
      if (node.type === 'group') {
        return (
          <Box key={node.id} mt="xs" data-testid={`nav-group-${node.id}`}>
            {mode === 'full' ? (
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
                {title(node.id)}
              </Text>
            ) : (
              <Divider my={4} />
            )}
            {render(node.children ?? [])}
          </Box>
        );
      }
      if (node.type === 'collapse') {
        if (mode !== 'full') return <Box key={node.id}>{render(node.children ?? [])}</Box>;
        return (
          <NavLink key={node.id} label={title(node.id)} leftSection={<MenuIcon name={node.icon} />} data-testid={`nav-group-${node.id}`}>
            {render(node.children ?? [])}
          </NavLink>
        );
      }
      return entry(node);
    });

  return (
    <Stack gap={0} h="100%">
      {user && mode === 'full' && (
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
      {user && mode !== 'full' && (
        <Group justify="center" p="xs">
          <Avatar color="blue" radius="xl" size="sm" src={user.photoUrl || null}>
            {initialsOf(user)}
          </Avatar>
        </Group>
      )}
      <Divider />
      <ScrollArea style={{ flex: 1 }} p="xs">
        <nav aria-label={t('nav.title')} data-testid="navigation" data-style={navbarStyle}>
          {render(menu)}
        </nav>
      </ScrollArea>
    </Stack>
  );
}
