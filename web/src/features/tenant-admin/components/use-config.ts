import { useCallback, useEffect, useState } from 'react';
import { mapErrorsToFields } from '@/lib/api';
import { getConfig, updateConfig, type ConfigKey, type ConfigValue, type ConfigView } from '../api/settings';

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
 * One configuration key in a panel: loads it, keeps the edited values, and saves only the
 * fields that changed (secrets only when typed), so a save records exactly what the
 * administrator changed.
 */
export function useConfig(key: ConfigKey, options: ConfigOptions = {}): ConfigState {
  const [view, setView] = useState<ConfigView | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [values, setValues] = useState<Record<string, ConfigValue>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const show = useCallback((v: ConfigView) => {
    setView(v);
    const secrets = Object.fromEntries(Object.keys(v.secrets ?? {}).map((k) => [k, '']));
    setValues({ ...v.values, ...secrets });
  }, []);

  useEffect(() => {
    let cancelled = false;
    getConfig(key)
      .then((v) => !cancelled && show(v))
      .catch(() => !cancelled && setLoadFailed(true));
    return () => {
      cancelled = true;
    };
  }, [key, show]);

  const changed: Record<string, ConfigValue> = {};
  for (const f of view?.fields ?? []) {
    const v = values[f.name];
    if (f.kind === 'secret' ? v !== '' && v !== undefined : v !== view?.values[f.name]) changed[f.name] = v;
  }

  const set = (name: string, value: ConfigValue) => {
    setValues((s) => ({ ...s, [name]: value }));
    setErrors(({ [name]: _dropped, ...rest }) => rest);
  };

  const save = async (extra: Record<string, ConfigValue> = {}) => {
    setSaving(true);
    setErrors({});
    try {
      const all = { ...changed, ...extra };
      show(await updateConfig(key, options.prepare ? options.prepare(all) : all));
      await options.afterSave?.().catch(() => undefined);
      return true;
    } catch (err) {
      const names = (view?.fields ?? []).map((f) => f.name);
      setErrors(mapErrorsToFields(err, { fields: names, fallback: names[0] ?? 'key', defaultMessage: 'erro_interno' }) as Record<string, string>);
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { view, loadFailed, values, errors, saving, changed, set, setErrors, save };
}
