// Step 2 of the login (spec portal-core §5: validated on change, user name trimmed; the
// forgot link's own requirements; §8: server errors by type). Errors are keys of the
// validation namespace.
import { mapErrorsToFields } from '@/lib/api';

export type CredentialField = 'userName' | 'password';
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface CredentialValues {
  userName: string;
  password: string;
}

export const credentialsInitial: CredentialValues = { userName: '', password: '' };

/** The user name is trimmed before validation and before it is sent. */
export function normalizeUserName(value: string): string {
  return value.trim();
}

export const credentialRules = {
  userName: (value: string) => (normalizeUserName(value) ? null : 'userNameRequired'),
  password: (value: string) => (value ? null : 'passwordRequired'),
};

/** The forgot link needs the user name ('Informe o usuário') and the access code ('Informe o Código de Acesso'). */
export function forgotRequestErrors(userName: string, accessCode: string | undefined): FieldErrors<'userName' | 'accessCode'> {
  const errors: FieldErrors<'userName' | 'accessCode'> = {};
  const user = credentialRules.userName(userName);
  if (user) errors.userName = user;
  if (!accessCode?.trim()) errors.accessCode = 'accessCodeRequired';
  return errors;
}

/**
 * Server errors of the credential login onto its fields: each item on the field named by
 * type (unknown types on the user name); an accessCode error shows on the user name field;
 * without items the message goes to the user name field, as 'Não autorizado' when there is
 * none (spec portal-core §8).
 */
export function credentialServerErrors(error: unknown): FieldErrors<CredentialField> {
  return mapErrorsToFields<CredentialField>(error, {
    fields: ['userName', 'password'],
    fallback: 'userName',
    aliases: { accessCode: 'userName' },
    defaultMessage: 'nao_autorizado',
  });
}
