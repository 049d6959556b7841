import { useTranslation } from 'react-i18next';
import { LOCALE_BY_LANGUAGE } from '@/lib/datetime';
import type { Language } from '@/lib/language';
import { formatDay } from './dates';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The vacations namespace with the helpers every screen uses: `tr` takes keys built at run
 * time (statuses, rule keys, holiday keys), `day` formats a date in the language.
 */
export function useVacationsT() {
  const { t, i18n } = useTranslation('vacations');
  const tr = t as unknown as Translate;
  const locale = LOCALE_BY_LANGUAGE[i18n.language as Language] ?? 'pt-BR';
  const day = (iso: string) => formatDay(iso, locale);
  const known = (key: string) => i18n.exists(`vacations:errors.${key}`);
  const holidayName = (key: string | undefined, name?: string) => {
    if (!key) return '';
    if (key === 'holiday_tenant' && name) return name;
    return i18n.exists(`common:holiday.${key}`) ? tr(`common:holiday.${key}`) : key;
  };
  return { t, tr, i18n, locale, day, known, holidayName };
}
