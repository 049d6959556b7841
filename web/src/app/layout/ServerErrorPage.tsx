import '@/i18n/app'; // its texts are the signed-in app's (navigation), and it may show before the sign-in
import { ErrorPage } from './ErrorPage';

/** Path of the server error page (spec portal-core §2). */
export { SERVER_ERROR_PATH } from './paths';

/** The 500 page. */
export function ServerErrorPage() {
  return <ErrorPage ns="navigation" name="serverError" testId="server-error" />;
}
