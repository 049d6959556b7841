// The auth feature's reads as TanStack Query options, keyed under authKeys.
import { queryOptions } from '@tanstack/react-query';
import { getTenantInfo } from './get-tenant-info';
import { authKeys } from './keys';
import { getSsoConfig } from './sso-config';
import { getSsoIdentities } from './sso-link';

export const authQueries = {
  /** The company of an access code; codes differ only in case (DEMOCORP = democorp). */
  tenant: (accessCode: string) =>
    queryOptions({
      queryKey: [...authKeys.tenant, accessCode.trim().toUpperCase()],
      queryFn: ({ signal }) => getTenantInfo(accessCode, signal),
    }),
  ssoConfig: () => queryOptions({ queryKey: authKeys.ssoConfig, queryFn: ({ signal }) => getSsoConfig(signal) }),
  ssoIdentities: () => queryOptions({ queryKey: authKeys.ssoIdentities, queryFn: ({ signal }) => getSsoIdentities(signal) }),
};
