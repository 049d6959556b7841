import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '@/i18n';

type Tx = (key: string, options?: Record<string, unknown>) => string;

/**
 * The 'requests' namespace's t for keys built at run time (statuses, types, server keys);
 * the typed t of react-i18next only takes literal keys.
 */
export function useRequestsT(): Tx {
  const { t } = useTranslation('requests');
  return useCallback((key, options) => (t as unknown as Tx)(key, options), [t]);
}

/**
 * The text of a server message key (docs/api.md: snake_case i18n keys): this feature's
 * requests:server.<key>, else the shared validation:server.<key>, else the fallback (already
 * translated, e.g. "could not approve").
 */
export function requestMessage(key: string | undefined | null, fallback: string): string {
  if (!key || !/^[a-z0-9_]+$/.test(key)) return fallback;
  for (const [ns, k] of [
    ['requests', `server.${key}`],
    ['validation', `server.${key}`],
  ] as const) {
    if (i18n.exists(k, { ns })) return (i18n.t as unknown as Tx)(k, { ns });
  }
  return fallback;
}

/** The text of a request type (descricao is the key request_type_<tipo>). */
export function typeTitle(tx: Tx, tipo: string, descricao?: string): string {
  const key = `types.${tipo}`;
  if (i18n.exists(key, { ns: 'requests' })) return tx(key);
  return descricao ?? tipo;
}
