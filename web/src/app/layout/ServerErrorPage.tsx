import '@/i18n/app'; // its texts are the signed-in app's (navigation), and it may show before the sign-in
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '@/components/ErrorMessage';

/** Path of the server error page (spec portal-core §2). */
export { SERVER_ERROR_PATH } from './paths';

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
