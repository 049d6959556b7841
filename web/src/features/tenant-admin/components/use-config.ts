import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCommand } from '@/lib/query';
import { settingsKeys } from '../api/keys';
import { settingsQueries } from '../api/queries';
import { saveConfig, type ConfigKey, type ConfigValue, type ConfigView } from '../api/settings';
import { changedFields, configServerErrors, configValues, type ConfigValues } from '../utils/config-form';

export interface ConfigState {
  view: ConfigView | null;
  loadFailed: boolean;
  values: Record<string, ConfigValue>;
  errors: Record<string, string>;
  saving: boolean;
  /** The fields changed since the last load or save (secrets: typed in). */
  changed: Record<string, ConfigValue>;
  set: (name: string, value: ConfigValue) => void;
  setErrors: (errors: Record<string, string>) => void;
  /** Saves the changed fields; true when saved. Field errors land in errors. */
  save: (extra?: Record<string, ConfigValue>) => Promise<boolean>;
}

export interface ConfigOptions {
  /** Rewrites the changed fields before they are sent (the templates collapse whitespace). */
  prepare?: (changed: Record<string, ConfigValue>) => Record<string, ConfigValue>;
  /** Runs after a save went through (the toggles read the user's permissions again). */
  afterSave?: () => Promise<void>;
}

/**
 * One configuration key in a panel: the stored key (a query: another administrator's save
 * shows at once), the administrator's edits over it (a form), and a save of only the fields
 * that changed (secrets only when typed), so a save records exactly what was changed.
 */
export function useConfig(key: ConfigKey, options: ConfigOptions = {}): ConfigState {
  const client = useQueryClient();
  const query = useQuery(settingsQueries.config(key));
  const view = query.data ?? null;
  // The edits only: what is not edited shows the stored value.
  const form = useForm<ConfigValues>({ initialValues: {} });
  const values = configValues(view, form.values);
  const changed = changedFields(view, values);

  const saving = useCommand(saveConfig, {
    onSuccess: (saved) => {
      client.setQueryData(settingsKeys.config(key), saved);
      form.reset();
    },
    onError: (err) => form.setErrors(configServerErrors(view, err)),
  });

  const save = async (extra: Record<string, ConfigValue> = {}) => {
    const all = { ...changed, ...extra };
    form.clearErrors();
    try {
      await saving.mutateAsync({ key, changes: options.prepare ? options.prepare(all) : all });
    } catch {
      return false;
    }
    await options.afterSave?.().catch(() => undefined);
    return true;
  };

  return {
    view,
    loadFailed: query.isError && !view,
    values,
    errors: form.errors as Record<string, string>,
    saving: saving.isPending,
    changed,
    set: (name, value) => form.setFieldValue(name, value),
    setErrors: form.setErrors,
    save,
  };
}
