// Public surface of the notifications feature, used by the app shell.
export { NotificationPanel } from './components/NotificationPanel';
export {
  selectNotificationCount,
  selectNotifications,
  useNotificationStore,
} from './store/notification-store';
export { NOTIFICATION_TOPICS, startNotificationSync } from './utils/sync';
export { toastOnce } from './utils/toaster';
export type { AppNotification, NewNotification } from './api/types';
