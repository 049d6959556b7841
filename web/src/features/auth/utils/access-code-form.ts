// Step 1 of the login (spec portal-core §5: access code required, validated on change; §8:
// every error of the tenant lookup belongs on the access code). Errors are keys of the
// validation namespace.
import { mapErrorsToFields } from '@/lib/api';

export interface AccessCodeValues {
  accessCode: string;
}

export const accessCodeRules = {
  accessCode: (value: string) => (value.trim() ? null : 'accessCodeRequired'),
};

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
