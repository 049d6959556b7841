import type { ReactNode } from 'react';
import { Button, Group, Menu, ScrollArea } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { RequestMenuBadge } from '@/features/requests';
import { menuMaturity } from '../menu/built';
import { MaturityBadge } from '../menu/MaturityBadge';
import { MenuIcon } from '../menu/MenuIcon';
import type { MenuNode } from '../menu/menu';
import { useAppMenu } from '../menu/use-app-menu';
import { navTestId } from './Navigation';

/** Hover delay of the popup menus (spec portal-core §9). */
const HOVER_DELAY_MS = 150;

/** Horizontal navigation (layout2, layout3): top entries and one popup menu per group. */
export function HorizontalNavigation() {
  const { t } = useTranslation('navigation');
  const { menu, choose, title } = useAppMenu();
  const { pathname } = useLocation();

  const menuItems = (nodes: readonly MenuNode[]): ReactNode[] =>
    nodes.map((node) => {
      if (node.type === 'divider') return <Menu.Divider key={node.id} />;
      if (node.type === 'group' || node.type === 'collapse') {
        return [<Menu.Label key={node.id}>{title(node.id)}</Menu.Label>, ...menuItems(node.children ?? [])];
      }
      return (
        <Menu.Item
          key={node.id}
          leftSection={<MenuIcon name={node.icon} size={16} />}
          rightSection={
            <Group gap={4} wrap="nowrap">
              <RequestMenuBadge menuId={node.id} />
              <MaturityBadge status={menuMaturity(node)} id={node.id} compact interactive={false} />
            </Group>
          }
          onClick={() => choose(node.id)}
          data-testid={navTestId(node.id)}
          data-menu-id={node.id}
        >
          {title(node.id)}
        </Menu.Item>
      );
    });

  return (
    <ScrollArea type="never" h="100%">
      <nav aria-label={t('nav.title')} data-testid="navigation" data-style="horizontal">
        <Group gap={4} wrap="nowrap" h="100%" px="md" py={6}>
          {menu.map((node) => {
            if (node.type === 'divider') return null;
            if (node.type === 'item' || node.type === 'link') {
              const common = {
                variant: node.url && pathname === node.url ? 'light' : 'subtle',
                size: 'compact-sm',
                leftSection: <MenuIcon name={node.icon} size={16} />,
                'data-testid': navTestId(node.id),
                'data-menu-id': node.id,
              } as const;
              return node.action || node.type === 'link' ? (
                <Button key={node.id} {...common} onClick={() => choose(node.id)}>
                  {title(node.id)}
                </Button>
              ) : (
                <Button key={node.id} {...common} component={Link} to={node.url ?? '/'}>
                  {title(node.id)}
                </Button>
              );
            }
            return (
              <Menu key={node.id} trigger="click-hover" openDelay={HOVER_DELAY_MS} closeDelay={HOVER_DELAY_MS} withinPortal position="bottom-start">
                <Menu.Target>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<MenuIcon name={node.icon} size={16} />}
                    rightSection={<IconChevronDown size={14} />}
                    data-testid={`nav-group-${node.id}`}
                  >
                    {title(node.id)}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>{menuItems(node.children ?? [])}</Menu.Dropdown>
              </Menu>
            );
          })}
        </Group>
      </nav>
    </ScrollArea>
  );
}
