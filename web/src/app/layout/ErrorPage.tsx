import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '@/components/ErrorMessage';

/**
 * An error page's message: errors.<name>Title, errors.<name> and errors.backHome of the
 * namespace (the 404 page's are common, the 500 page's navigation).
 */
export function ErrorPage({ ns, name, testId }: { ns: 'common' | 'navigation'; name: 'notFound' | 'serverError'; testId: string }) {
  const { t } = useTranslation(ns);
  const tr = t as unknown as (key: string) => string;
  return <ErrorMessage title={tr(`errors.${name}Title`)} text={tr(`errors.${name}`)} backHome={tr('errors.backHome')} testId={testId} />;
}
