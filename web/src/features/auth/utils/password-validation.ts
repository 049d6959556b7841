import { mapErrorsToFields } from '@/lib/api';

// spec portal-core §5 (change password and reset form, validated on change), §9 (minimum 8,
// reset code length 8). Error values are keys of the authFlows namespace's `errors`.

export const PASSWORD_MIN_LENGTH = 8;
export const RESET_CODE_LENGTH = 8;

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type ChangeField = 'password' | 'newPassword' | 'newPasswordConfirm';
export interface ChangeValues {
  password: string;
  newPassword: string;
  newPasswordConfirm: string;
}

export type ResetField = 'codverify' | 'newPassword' | 'newPasswordConfirm';
export interface ResetValues {
  codverify: string;
  newPassword: string;
  newPasswordConfirm: string;
}

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}

function newPasswordErrors(values: { newPassword: string; newPasswordConfirm: string }) {
  const errors: FieldErrors<'newPassword' | 'newPasswordConfirm'> = {};
  if (!values.newPassword) errors.newPassword = 'newPasswordRequired';
  else if ([...values.newPassword].length < PASSWORD_MIN_LENGTH) errors.newPassword = 'passwordMin';
  if (values.newPasswordConfirm !== values.newPassword) errors.newPasswordConfirm = 'passwordsMustMatch';
  return errors;
}

/**
 * Change password: the current password (only when signed in), newPassword required
 * ('please enter a new password') and at least 8 characters, the confirmation equal
 * ('passwords must match').
 */
export function validateChange(values: ChangeValues, needsCurrent: boolean): FieldErrors<ChangeField> {
  const errors: FieldErrors<ChangeField> = newPasswordErrors(values);
  if (needsCurrent && !values.password) errors.password = 'currentPasswordRequired';
  return errors;
}

/** Submit is disabled until the form is valid and changed. */
export function canSubmitChange(values: ChangeValues, needsCurrent: boolean, dirty: boolean, submitting = false): boolean {
  return dirty && !submitting && !hasErrors(validateChange(values, needsCurrent));
}

/** The reset code as typed: upper case, no spaces, at most 8 characters. */
export function normalizeResetCode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase().slice(0, RESET_CODE_LENGTH);
}

/**
 * Reset form: codverify required ('please enter the verification code') with 8
 * characters, then the new password rules of change password.
 */
export function validateReset(values: ResetValues): FieldErrors<ResetField> {
  const errors: FieldErrors<ResetField> = newPasswordErrors(values);
  const code = normalizeResetCode(values.codverify);
  if (!code) errors.codverify = 'codeRequired';
  else if (code.length !== RESET_CODE_LENGTH) errors.codverify = 'codeLength';
  return errors;
}

/** The reset button is disabled until the form is valid and touched. */
export function canSubmitReset(values: ResetValues, touched: boolean, submitting = false): boolean {
  return touched && !submitting && !hasErrors(validateReset(values));
}

/** The forgot link needs the user name ('Informe o usuário') and the access code ('Informe o Código de Acesso'). */
export function validateForgotRequest(userName: string, accessCode: string | undefined): FieldErrors<'userName' | 'accessCode'> {
  const errors: FieldErrors<'userName' | 'accessCode'> = {};
  if (!userName.trim()) errors.userName = 'userNameRequired';
  if (!accessCode?.trim()) errors.accessCode = 'accessCodeRequired';
  return errors;
}

/** Where server errors of the password calls land; `form` is a message above the fields. */
export type ChangeErrorField = ChangeField | 'form';
export type ResetErrorField = ResetField | 'form';

/** changePassword / NewPasswordRequired errors onto the change form (spec §8: by type). */
export function changeServerErrors(error: unknown): FieldErrors<ChangeErrorField> {
  return mapErrorsToFields<ChangeErrorField>(error, {
    fields: ['password', 'newPassword', 'newPasswordConfirm', 'form'],
    fallback: 'form',
    aliases: { previousPassword: 'password', proposedPassword: 'newPassword' },
    defaultMessage: 'couldNotChange',
  });
}

/** AdminConfirmForgotPassword errors onto the reset form. */
export function resetServerErrors(error: unknown): FieldErrors<ResetErrorField> {
  return mapErrorsToFields<ResetErrorField>(error, {
    fields: ['codverify', 'newPassword', 'newPasswordConfirm', 'form'],
    fallback: 'form',
    aliases: { code: 'codverify' },
    defaultMessage: 'couldNotReset',
  });
}
