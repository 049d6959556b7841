import { Navigate } from 'react-router-dom';
import type { TenantInfo } from '@/lib/session-types';
import { CALLBACK_PATH, rememberSsoAccessCode, ssoRequired } from '../api/sso-flow';

/**
 * spec portal-core §2: "If the tenant has a cognito grant type count above 0,
 * the login screen stores the access code and goes to /callback", which starts
 * the sign-in at the tenant's provider. Renders nothing otherwise.
 */
export function SsoRedirect({ tenant }: { tenant: TenantInfo | null }) {
  if (!tenant || !ssoRequired(tenant)) return null;
  // Stored before /callback renders, which reads it.
  rememberSsoAccessCode(tenant.accessCode);
  return <Navigate to={CALLBACK_PATH} replace />;
}
