import { mapErrorsToFields } from '@/lib/api';

// spec portal-core §5 (login form, validated on change) and §8 (errors).

export type CredentialField = 'userName' | 'password';
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface CredentialValues {
  userName: string;
  password: string;
}

/** The user name is trimmed before validation and before it is sent. */
export function normalizeUserName(value: string): string {
  return value.trim();
}

/** Local errors as keys of the validation namespace. */
export function validateCredentials(values: CredentialValues): FieldErrors<CredentialField> {
  const errors: FieldErrors<CredentialField> = {};
  if (!normalizeUserName(values.userName)) errors.userName = 'userNameRequired';
  if (!values.password) errors.password = 'passwordRequired';
  return errors;
}

export function validateAccessCode(code: string): string | undefined {
  return code.trim() ? undefined : 'accessCodeRequired';
}

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}

/** The Login button is disabled until the form is valid and at least one field was edited. */
export function canSubmitCredentials(values: CredentialValues, dirty: boolean, submitting = false): boolean {
  return dirty && !submitting && !hasErrors(validateCredentials(values));
}

/**
 * Server errors of the credential login onto its fields: each item on the
 * field named by type (unknown types on the user name); an accessCode error
 * shows on the user name field;
 * without items the message goes to the user name field, as 'Não autorizado'
 * when there is none (spec portal-core §8).
 */
export function credentialServerErrors(error: unknown): FieldErrors<CredentialField> {
  return mapErrorsToFields<CredentialField>(error, {
    fields: ['userName', 'password'],
    fallback: 'userName',
    aliases: { accessCode: 'userName' },
    defaultMessage: 'nao_autorizado',
  });
}

/** Tenant lookup errors all belong on the access-code field (the only field of step 1). */
export function accessCodeServerError(error: unknown): string {
  return (
    mapErrorsToFields<'accessCode'>(error, {
      fields: ['accessCode'],
      fallback: 'accessCode',
      defaultMessage: 'codigo_acesso_invalido',
    }).accessCode ?? 'codigo_acesso_invalido'
  );
}
