// The forgot-password (reset) form (spec portal-core §2, §5, §9): the 8-character code,
// forced to upper case ('please enter the verification code'), then the new-password rules
// of the change form. Errors are keys of the authFlows namespace's `errors`.
import { newPasswordRules, passwordServerErrors, type NewPasswordValues } from './change-password-form';

export const RESET_CODE_LENGTH = 8;

export type ResetField = 'codverify' | 'newPassword' | 'newPasswordConfirm';
export interface ResetValues extends NewPasswordValues {
  codverify: string;
}

export const resetInitial: ResetValues = { codverify: '', newPassword: '', newPasswordConfirm: '' };

/** The reset code as typed: upper case, no spaces, at most 8 characters. */
export function normalizeResetCode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase().slice(0, RESET_CODE_LENGTH);
}

export const resetRules = {
  codverify: (value: string) => {
    const code = normalizeResetCode(value);
    return !code ? 'codeRequired' : code.length !== RESET_CODE_LENGTH ? 'codeLength' : null;
  },
  ...newPasswordRules,
};

/** AdminConfirmForgotPassword errors onto the reset form. */
export const resetServerErrors = passwordServerErrors<ResetField>(['codverify', 'newPassword', 'newPasswordConfirm'], { code: 'codverify' }, 'couldNotReset');
