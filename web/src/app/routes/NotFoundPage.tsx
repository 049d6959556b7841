import { selectIsAuthenticated, useSessionStore } from '@/lib/session-store';
import { ErrorPage } from '../layout/ErrorPage';
import { Layout1 } from '../layout/Layout1';

function NotFoundContent() {
  return <ErrorPage ns="common" name="notFound" testId="not-found" />;
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
