// A configuration key's form in the administration panels (spec portal-business §2): the
// fields show the stored values with the administrator's edits over them; secrets are never
// shown (empty: the stored one is kept); a save sends only what changed, so it records
// exactly what the administrator changed. The fields' rules are the server's.
import { mapErrorsToFields } from '@/lib/api';
import type { ConfigValue, ConfigView } from '../api/settings';

export type ConfigValues = Record<string, ConfigValue>;

/** What the fields show: the stored values (secrets empty) with the edits over them. */
export function configValues(view: ConfigView | null | undefined, edits: ConfigValues): ConfigValues {
  const secrets = Object.fromEntries(Object.keys(view?.secrets ?? {}).map((k) => [k, '']));
  return { ...(view?.values ?? {}), ...secrets, ...edits };
}

/** The fields whose value differs from the stored one (a secret: typed in). */
export function changedFields(view: ConfigView | null | undefined, values: ConfigValues): ConfigValues {
  const changed: ConfigValues = {};
  for (const f of view?.fields ?? []) {
    const v = values[f.name];
    if (f.kind === 'secret' ? v !== '' && v !== undefined : v !== view?.values[f.name]) changed[f.name] = v;
  }
  return changed;
}

/** A refused save's errors on the fields named (others on the key's first field). */
export function configServerErrors(view: ConfigView | null | undefined, error: unknown): Record<string, string> {
  const names = (view?.fields ?? []).map((f) => f.name);
  return mapErrorsToFields(error, { fields: names, fallback: names[0] ?? 'key', defaultMessage: 'erro_interno' }) as Record<string, string>;
}
