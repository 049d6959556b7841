import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@/lib/api';
import { LOCALE_BY_LANGUAGE } from '@/lib/datetime';
import type { Language } from '@/lib/language';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The audit namespace and its helpers: `typeLabel` names an event type (request.created.v1 →
 * types.request_created), `fieldLabel` an "as of" field (step.decision|2 → "Step 2 decision"),
 * `value` a state's value where it is a known word, `when` a server instant in the language.
 */
export function useAuditT() {
  const { t, i18n } = useTranslation('audit');
  const tr = t as unknown as Translate;
  const has = (key: string) => i18n.exists(`audit:${key}`);
  const locale = LOCALE_BY_LANGUAGE[i18n.language as Language] ?? 'pt-BR';
  const typeLabel = (type: string) => {
    const key = `types.${type.replace(/\.v\d+$/, '').replaceAll('.', '_')}`;
    return has(key) ? tr(key) : type;
  };
  const fieldLabel = (field: string) => {
    const [name, param = ''] = field.split('|');
    const key = `fields.${name}`;
    return has(key) ? tr(key, { n: param }) : field;
  };
  const value = (v: string) => (v && has(`values.${v}`) ? tr(`values.${v}`) : v);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium', timeZone: 'America/Sao_Paulo' }).format(new Date(iso));
  const error = (err: unknown) => {
    const key = errorMessageKey(err, '');
    return key && has(`errors.${key}`) ? tr(`errors.${key}`) : tr('errors.generic');
  };
  return { t, tr, typeLabel, fieldLabel, value, when, error };
}
