import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '@/components/ErrorMessage';

/** Path of the server error page (spec portal-core §2). */
export const SERVER_ERROR_PATH = '/pages/errors/error-500';

/** The 500 page. */
export function ServerErrorPage() {
  const { t } = useTranslation('navigation');
  return (
    <ErrorMessage
      title={t('errors.serverErrorTitle')}
      text={t('errors.serverError')}
      backHome={t('errors.backHome')}
      testId="server-error"
    />
  );
}
