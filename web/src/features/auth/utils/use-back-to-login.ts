import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '@/lib/config';

/**
 * The end of a password flow (spec portal-core §2, §4): to the login of the company, with a
 * success message when there is one, and the flow's data forgotten.
 */
export function useBackToLogin(accessCode: string | undefined, forget: () => void): (message?: string) => void {
  const navigate = useNavigate();
  return (message) => {
    if (message) notifications.show({ color: 'green', message });
    navigate(accessCode ? `${LOGIN_PATH}/${encodeURIComponent(accessCode)}` : LOGIN_PATH, { replace: true });
    forget();
  };
}
