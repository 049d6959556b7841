import { ActionIcon, Anchor, Box, Button, Group, Loader, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@/lib/datetime';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import type { AppNotification } from '../api/types';
import { useDismissNotifications, useNotifications } from '../hooks/use-notifications';
import { useNotificationPanelStore } from '../store/panel-store';
import { linkKind, variantColor } from '../utils/toast-rules';
import { NotificationMessage, NotificationTitle } from './NotificationText';

function NotificationLink({ link }: { link: string }) {
  const { t } = useTranslation('notifications');
  const setPanelOpen = useNotificationPanelStore((s) => s.setPanelOpen);
  const kind = linkKind(link);
  if (kind === 'internal') {
    return (
      <Anchor component={Link} to={link} size="xs" onClick={() => setPanelOpen(false)} data-testid="notification-link">
        {t('openLink')}
      </Anchor>
    );
  }
  if (kind === 'external') {
    return (
      <Anchor href={link} target="_blank" rel="noopener noreferrer" size="xs" data-testid="notification-link">
        {t('openLink')}
      </Anchor>
    );
  }
  return null;
}

function NotificationItem({ notification, onDismiss }: { notification: AppNotification; onDismiss: (id: string) => void }) {
  const { t } = useTranslation('notifications');
  const language = useLanguageStore(selectLanguage);
  return (
    <Box
      component="li"
      py="xs"
      pl="sm"
      style={{ borderLeft: `3px solid var(--mantine-color-${variantColor(notification.options.variant)}-filled)` }}
      data-testid="notification-item"
      data-notification-id={notification.id}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <NotificationTitle notification={notification} />
          <NotificationMessage notification={notification} />
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {formatDateTime(notification.createdAt, language)}
            </Text>
            <NotificationLink link={notification.options.link} />
          </Group>
        </Stack>
        <Tooltip label={t('dismiss')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t('dismiss')}
            onClick={() => onDismiss(notification.id)}
            data-testid="notification-dismiss"
          >
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Box>
  );
}

/** The notification panel (spec portal-core §2): the list, dismiss one, dismiss all. */
export function NotificationPanel() {
  const { t } = useTranslation('notifications');
  const { items, isFetching, isError } = useNotifications();
  const { dismiss, dismissAll, failed } = useDismissNotifications();
  return (
    <Stack gap="xs" data-testid="notification-panel">
      <Group justify="space-between">
        <Text fw={700}>{t('title')}</Text>
        {isFetching && <Loader size="xs" />}
        {items.length > 0 && (
          <Button variant="subtle" size="compact-xs" onClick={dismissAll} data-testid="notification-dismiss-all">
            {t('dismissAll')}
          </Button>
        )}
      </Group>
      {(isError || failed) && (
        <Text size="sm" c="red">
          {t(isError ? 'loadFailed' : 'actionFailed')}
        </Text>
      )}
      {items.length === 0 && !isFetching ? (
        <Text size="sm" c="dimmed" data-testid="notification-empty">
          {t('empty')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={420} type="auto">
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((n) => (
              <NotificationItem key={n.id} notification={n} onDismiss={dismiss} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
