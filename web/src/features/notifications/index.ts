// Public surface of the notifications feature, used by the app shell (the live pushes reach
// it through app/live-queries.ts, which imports utils/notification-list and utils/toaster).
export { NotificationFeed } from './components/NotificationFeed';
export { NotificationPanel } from './components/NotificationPanel';
export { useNotifications } from './hooks/use-notifications';
export { useNotificationPanelStore } from './store/panel-store';
export { toastOnce } from './utils/toaster';
export type { AppNotification, NewNotification } from './api/types';
