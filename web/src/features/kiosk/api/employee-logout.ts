import { employeeRequest } from './employee-request';

/** POST /api/auth/logout: ends the employee's one-punch session (refresh and bearer token). */
export function employeeLogout(auth: { token: string; refreshToken?: string; accessCode: string }): Promise<{ success: boolean }> {
  return employeeRequest<{ success: boolean }>('POST', '/api/auth/logout', {
    token: auth.token,
    body: { refreshToken: auth.refreshToken ?? '', accessCode: auth.accessCode },
  });
}
