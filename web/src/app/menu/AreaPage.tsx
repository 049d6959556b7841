import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { menuMaturity } from './built';
import { MaturityBadge } from './MaturityBadge';
import { MenuIcon } from './MenuIcon';
import type { MenuNode } from './menu';
import { useMenuTitle } from './use-menu-title';

/**
 * The page of a menu area whose screens are not built yet: its title, its maturity badge and
 * the empty-list message (spec portal-core §2). Reaching it still goes through the route
 * guard, so it shows only what the menu shows.
 */
export function AreaPage({ item }: { item: MenuNode }) {
  const { t } = useTranslation('common');
  const title = useMenuTitle();
  return (
    <Stack gap="lg" data-testid={`area-${item.id}`}>
      <Group gap="sm">
        <MenuIcon name={item.icon} size={26} />
        <Title order={2} data-testid="area-title">
          {title(item.id)}
        </Title>
        <MaturityBadge status={menuMaturity(item)} id={`page-${item.id}`} />
      </Group>
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed" ta="center" data-testid="empty-list">
          {t('noRecords')}
        </Text>
      </Paper>
    </Stack>
  );
}
