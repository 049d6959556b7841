import { ActionIcon, Indicator, Popover, Text, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface NotificationBellProps {
  /** Unread notifications; the notification calls are not wired yet, so 0. */
  count?: number;
}

/** Notification bell with a count badge (spec portal-core §2, toolbar). */
export function NotificationBell({ count = 0 }: NotificationBellProps) {
  const { t } = useTranslation('common');
  return (
    <Popover position="bottom-end" withinPortal shadow="md" width={280}>
      <Popover.Target>
        <Indicator label={count} size={16} disabled={count === 0} offset={6} color="red">
          <Tooltip label={t('toolbar.notifications')}>
            <ActionIcon variant="subtle" size="lg" aria-label={t('toolbar.notifications')} data-testid="notifications">
              <IconBell size={22} />
            </ActionIcon>
          </Tooltip>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" c="dimmed">
          {t('toolbar.noNotifications')}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
