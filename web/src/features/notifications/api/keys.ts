/** Query keys of the notifications; the `notification` and `notification.changed` pushes write into the list. */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** The panel's list: the notifications not dismissed, newest first. */
  list: ['notifications', 'list'] as const,
};
