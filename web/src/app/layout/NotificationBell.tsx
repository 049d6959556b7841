import { useEffect } from 'react';
import { ActionIcon, Indicator, Popover, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { NotificationPanel, useNotificationPanelStore, useNotifications } from '@/features/notifications';

/**
 * Notification bell with a count badge and the notification panel (spec portal-core §2,
 * toolbar and "Notification panel": toggles, closes on route change).
 */
export function NotificationBell() {
  const { t } = useTranslation('common');
  const count = useNotifications().items.length;
  // The panel's state is the whole (small) store.
  const { panelOpen: opened, setPanelOpen: setOpened, togglePanel: toggle } = useNotificationPanelStore();
  const { pathname } = useLocation();
  useEffect(() => {
    setOpened(false);
  }, [pathname, setOpened]);
  // The popover's target is the button itself (Popover.Target gives its target
  // aria-expanded, which a plain div like the Indicator may not carry: axe aria-allowed-attr).
  return (
    <Indicator
      label={<span data-testid="notifications-count">{count}</span>}
      size={16}
      disabled={count === 0}
      offset={6}
      color="red"
    >
      <Popover position="bottom-end" withinPortal shadow="md" width={360} opened={opened} onChange={setOpened}>
        <Popover.Target>
          <Tooltip label={t('toolbar.notifications')}>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t('toolbar.notifications')}
              aria-expanded={opened}
              aria-haspopup="dialog"
              onClick={toggle}
              data-testid="notifications"
            >
              <IconBell size={22} />
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown>
          <NotificationPanel />
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
