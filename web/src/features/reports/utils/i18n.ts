import { useTranslation } from 'react-i18next';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The reports namespace, with `tr` for keys built at run time (step kinds, roles). */
export function useReportsT() {
  const { t, i18n } = useTranslation('reports');
  return { t, tr: t as unknown as Translate, i18n };
}
