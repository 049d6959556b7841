import type { LoginResult } from '@/lib/session-types';
import { employeeRequest } from './employee-request';

export interface EmployeeLoginAnswer extends Partial<LoginResult> {
  authResponse?: { challengeName: string };
}

/** POST /api/auth/login for the employee at the kiosk (the normal sign-in call). */
export function employeeLogin(body: { accessCode: string; userName: string; password: string }): Promise<EmployeeLoginAnswer> {
  return employeeRequest<EmployeeLoginAnswer>('POST', '/api/auth/login', {
    body: { ...body, redirectUrl: window.location.origin },
  });
}
