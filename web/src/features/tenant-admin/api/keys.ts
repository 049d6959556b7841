/** Query keys of the tenant's settings; `settings.changed {key}` makes them stale. */
export const settingsKeys = {
  all: ['settings'] as const,
  /** One configuration key as the administration panels read it. */
  config: (key: string) => ['settings', 'config', key] as const,
};
