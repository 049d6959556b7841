// Password calls of the auth feature (spec portal-core §7; docs/api.md "Auth").
// Errors come back as ApiError with `{type, message}` items naming the field.
import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';

export interface SuccessAnswer {
  success: boolean;
}

export interface ChangePasswordRequest {
  accessToken: string;
  previousPassword: string;
  proposedPassword: string;
}

/**
 * POST /api/auth/changePassword. Refusals: previousPassword (senha_obrigatoria,
 * senha_atual_incorreta), proposedPassword (senha_obrigatoria, senha_minimo_8, senha_reutilizada).
 */
export function changePassword(body: ChangePasswordRequest, ctx?: CommandContext): Promise<SuccessAnswer> {
  return api.post<SuccessAnswer>('/api/auth/changePassword', body, { tenant: false, idempotencyKey: ctx?.idempotencyKey });
}

export interface NewPasswordRequiredRequest {
  sessionId: string;
  newPassword: string;
  userName: string;
  accessCode: string;
  userHash: string;
}

/** POST /api/auth/NewPasswordRequired: completes the login challenge; sessionId errors are sessao_invalida. */
export function newPasswordRequired(body: NewPasswordRequiredRequest): Promise<SuccessAnswer> {
  return api.post<SuccessAnswer>('/api/auth/NewPasswordRequired', body, { auth: false, tenant: false });
}

export interface ForgotPasswordRequest {
  accessCode: string;
  userName: string;
}

/** POST /api/auth/authManagement/AdminForgotPassword: e-mails an 8-character code. */
export function forgotPassword(body: ForgotPasswordRequest): Promise<SuccessAnswer> {
  return api.post<SuccessAnswer>('/api/auth/authManagement/AdminForgotPassword', body, { auth: false, tenant: false });
}

export interface ConfirmForgotPasswordRequest {
  accessCode: string;
  userName: string;
  code: string;
  newPassword: string;
}

/**
 * POST /api/auth/authManagement/AdminConfirmForgotPassword. Refusals: code (codigo_invalido),
 * newPassword (senha_minimo_8, senha_reutilizada).
 */
export function confirmForgotPassword(body: ConfirmForgotPasswordRequest): Promise<SuccessAnswer> {
  return api.post<SuccessAnswer>('/api/auth/authManagement/AdminConfirmForgotPassword', body, {
    auth: false,
    tenant: false,
  });
}
