/** Query keys of the requests, queues and deliveries; `request.changed` makes them stale. */
export const requestKeys = {
  all: ['requests'] as const,
};
