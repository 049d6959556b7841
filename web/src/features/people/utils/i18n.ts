import { useTranslation } from 'react-i18next';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The people namespace, with `tr` for keys built at run time (statuses, orders, kinds). */
export function usePeopleT() {
  const { t, i18n } = useTranslation('people');
  return { t, tr: t as unknown as Translate, i18n };
}
