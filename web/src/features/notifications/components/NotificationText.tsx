import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AppNotification } from '../api/types';
import { wordingKey } from '../utils/toast-rules';

/** "{from} wrote:" / "{from} requested:" above the message, or the header of a plain one. */
export function NotificationTitle({ notification }: { notification: AppNotification }) {
  const { t } = useTranslation('notifications');
  const key = wordingKey(notification);
  const text = key ? t(key, { from: notification.options.from }) : notification.options.header;
  if (!text) return null;
  return (
    <Text component="span" fw={600} size="sm" data-testid="notification-title">
      {text}
    </Text>
  );
}

/** The message, line breaks kept. */
export function NotificationMessage({ notification }: { notification: AppNotification }) {
  return (
    <Text component="span" size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="notification-message">
      {notification.message}
    </Text>
  );
}
