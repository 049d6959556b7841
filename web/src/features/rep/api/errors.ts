import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api';
import { translateServerMessage } from '@/lib/server-message';

/**
 * The text of a rep call's error: the area's own keys (rep.period_future …) from the rep
 * namespace, the shared ones from validation, else fallback.
 */
export function repErrorText(err: unknown, t: TFunction<'rep'>, fallback: string): string {
  const key = err instanceof ApiError ? err.errors[0]?.message || err.message : '';
  if (key.startsWith('rep.')) {
    const k = `errors.${key.slice(4)}` as 'errors.period_future';
    return t(k, { defaultValue: fallback });
  }
  return translateServerMessage(key, fallback);
}
