import { ApiError } from '@/lib/api';
import i18n from '@/i18n';

/** A server message key (docs/api.md) as a key of namespace hrMarks, or the generic one. */
export function errorKey(key: string | undefined): 'errors.generic' {
  if (key && /^[a-z_]+$/.test(key) && i18n.exists(`errors.${key}`, { ns: 'hrMarks' })) return `errors.${key}` as 'errors.generic';
  return 'errors.generic';
}

/** The server's refusal as {field: key} of the fields named, and the key of what no field shows. */
export function fieldErrors(err: unknown, fields: readonly string[]): { byField: Record<string, string>; general?: string } {
  const byField: Record<string, string> = {};
  let general: string | undefined;
  const items = err instanceof ApiError && err.errors.length > 0 ? err.errors : [{ type: '', message: err instanceof ApiError ? err.message : '' }];
  for (const e of items) {
    if (fields.includes(e.type)) byField[e.type] = errorKey(e.message);
    else general = errorKey(e.message);
  }
  return { byField, general };
}
