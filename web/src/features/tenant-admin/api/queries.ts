// The tenant administration's reads, keyed under settingsKeys (settings.changed makes them stale).
import { queryOptions } from '@tanstack/react-query';
import { settingsKeys } from './keys';
import { getConfig, type ConfigKey } from './settings';

export const settingsQueries = {
  config: (key: ConfigKey) => queryOptions({ queryKey: settingsKeys.config(key), queryFn: ({ signal }) => getConfig(key, signal) }),
};
