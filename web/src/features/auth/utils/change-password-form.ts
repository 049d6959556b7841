// The change-password form (spec portal-core §5, §9: validated on change; the current
// password only when signed in; a new password of at least 8 characters and its equal
// confirmation). The new-password rules are the reset form's too. Errors are keys of the
// authFlows namespace's `errors`.
import { mapErrorsToFields } from '@/lib/api';

export const PASSWORD_MIN_LENGTH = 8;

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface NewPasswordValues {
  newPassword: string;
  newPasswordConfirm: string;
}

/** newPassword required ('please enter a new password'), 8 characters; the confirmation equal ('passwords must match'). */
export const newPasswordRules = {
  newPassword: (value: string) =>
    !value ? 'newPasswordRequired' : [...value].length < PASSWORD_MIN_LENGTH ? 'passwordMin' : null,
  newPasswordConfirm: (value: string, values: NewPasswordValues) => (value === values.newPassword ? null : 'passwordsMustMatch'),
};

export type ChangeField = 'password' | 'newPassword' | 'newPasswordConfirm';
export interface ChangeValues extends NewPasswordValues {
  password: string;
}

export const changeInitial: ChangeValues = { password: '', newPassword: '', newPasswordConfirm: '' };

/** The rules of the form; the current password is asked only when signed in. */
export function changeRules(needsCurrent: boolean) {
  return {
    password: (value: string) => (needsCurrent && !value ? 'currentPasswordRequired' : null),
    ...newPasswordRules,
  };
}

/** Where server errors of the password calls land; `form` is a message above the fields. */
export type ChangeErrorField = ChangeField | 'form';

/**
 * The refusals of a password call onto a password form (spec §8: by type; server types renamed
 * by `aliases`); what names no field is a message about the whole form.
 */
export function passwordServerErrors<F extends string>(fields: readonly F[], aliases: Partial<Record<string, F | 'form'>>, defaultMessage: string) {
  return (error: unknown): FieldErrors<F | 'form'> =>
    mapErrorsToFields<F | 'form'>(error, { fields: [...fields, 'form'], fallback: 'form', aliases, defaultMessage });
}

/** changePassword / NewPasswordRequired errors onto the change form. */
export const changeServerErrors = passwordServerErrors<ChangeField>(
  ['password', 'newPassword', 'newPasswordConfirm'],
  { previousPassword: 'password', proposedPassword: 'newPassword' },
  'couldNotChange',
);
