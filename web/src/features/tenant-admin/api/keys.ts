/** Query keys of the tenant's settings; `settings.changed {key}` makes them stale. */
export const settingsKeys = {
  all: ['settings'] as const,
};
