import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@/lib/api';
import { LOCALE_BY_LANGUAGE } from '@/lib/datetime';
import type { Language } from '@/lib/language';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The audit namespace and its helpers: `typeLabel` names an event type (request.created.v1 →
 * types.request_created), `fieldLabel` an "as of" field (step.decision|2 → "Step 2 decision"),
 * `value` a state's value where it is a known word, `dataLabel` a timeline data path
 * (fields.comentario → "Comentário", actor.hash → "Autor › Código"), `tableLabel` a read
 * model's table (clock_marks → "Marcações de ponto"), `when` a server instant in the language.
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
  const dataLabel = (path: string) => {
    const labels: string[] = [];
    for (const segment of path.split('.')) {
      const [, name, index] = /^(.*?)(?:\[(\d+)\])?$/.exec(segment) ?? [segment, segment];
      if (DATA_GROUPS.has(name)) continue;
      let label = name && has(`data.${name}`) ? tr(`data.${name}`) : humanize(name);
      if (index !== undefined) label += ` ${Number(index) + 1}`;
      if (label && label !== labels.at(-1)) labels.push(label);
    }
    return labels.join(' › ') || path;
  };
  const tableLabel = (table: string) => (has(`replay.tables.${table}`) ? tr(`replay.tables.${table}`) : humanize(table));
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium', timeZone: 'America/Sao_Paulo' }).format(new Date(iso));
  const error = (err: unknown) => {
    const key = errorMessageKey(err, '');
    return key && has(`errors.${key}`) ? tr(`errors.${key}`) : tr('errors.generic');
  };
  return { t, tr, has, typeLabel, fieldLabel, value, dataLabel, tableLabel, when, error };
}

/** Data segments that only group others (a request's fields): left out of a label. */
const DATA_GROUPS = new Set(['fields']);

/** A name without a translation, readable: tipoAusencia_desc → "Tipo ausencia desc". */
function humanize(name: string) {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
