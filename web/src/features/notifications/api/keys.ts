/** Query keys of the notifications; the `notification` and `notification.changed` pushes update them. */
export const notificationKeys = {
  all: ['notifications'] as const,
};
