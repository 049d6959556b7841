import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '@/components/ErrorMessage';
import { selectIsAuthenticated, useSessionStore } from '@/lib/session-store';
import { Layout1 } from '../layout/Layout1';

function NotFoundContent() {
  const { t } = useTranslation('common');
  return (
    <ErrorMessage
      title={t('errors.notFoundTitle')}
      text={t('errors.notFound')}
      backHome={t('errors.backHome')}
      testId="not-found"
    />
  );
}

/** The 404 page: inside the app chrome when signed in, bare for guests. */
export function NotFoundPage() {
  const authenticated = useSessionStore(selectIsAuthenticated);
  return authenticated ? (
    <Layout1>
      <NotFoundContent />
    </Layout1>
  ) : (
    <NotFoundContent />
  );
}
