import { ApiError } from '@/lib/api';

/**
 * The i18n key (namespace vacations, under errors.) of a failed call: the server's rule key
 * (spec: every refusal says which rule failed), else a generic one.
 */
export function errorKey(err: unknown, known: (key: string) => boolean): string {
  if (err instanceof ApiError) {
    const key = err.errors[0]?.message || err.message;
    if (key && known(key)) return `errors.${key}`;
  }
  return 'errors.generic';
}

/** The field the refusal concerns (inicio, dias, abono, ...), if the server named one. */
export function errorField(err: unknown): string | undefined {
  return err instanceof ApiError ? err.errors[0]?.type : undefined;
}
