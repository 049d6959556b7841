import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Box, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessageKey } from '@/lib/api';
import { HOME_PATH, LOGIN_PATH } from '@/lib/config';
import { useSessionStore } from '@/lib/session-store';
import type { TenantInfo } from '@/lib/session-types';
import { authKeys } from '../api/keys';
import { authQueries } from '../api/queries';
import { completeSso } from '../api/sso-callback';
import { beginSso, PROFILE_PATH, ssoRequired, storedSsoAccessCode, takeSsoLink, takeSsoOrigin } from '../api/sso-flow';
import { completeSsoLink } from '../api/sso-link';
import { ssoMessage } from '../utils/sso-messages';
import { startSession } from '../utils/start-session';

/**
 * /callback, the return from the identity provider (spec portal-core §2, §4):
 * - with a `code` query parameter the code and state go to the server, which
 *   checks the state, exchanges the code with the PKCE verifier and verifies the
 *   ID token; the session is stored and the user sent to the origin path;
 *   a state mismatch shows 'Invalid state';
 * - with an `error` parameter the provider refused;
 * - with neither, the login screen sent the user here: a tenant with grant type
 *   count 0 goes to the origin, otherwise the sign-in starts at the provider.
 */
export function CallbackPage() {
  const { t } = useTranslation('sso');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'signingIn' | 'redirecting'>(params.get('code') ? 'signingIn' : 'redirecting');
  const ran = useRef(false);
  const accessCode = storedSsoAccessCode() ?? useSessionStore.getState().tenant?.accessCode ?? null;

  useEffect(() => {
    // The state is single use: never send it twice (StrictMode runs effects twice in development).
    if (ran.current) return;
    ran.current = true;
    const code = params.get('code');
    const state = params.get('state') ?? '';
    // The profile screen's link or unlink request: completed for the signed-in user, who
    // goes back to the profile with the outcome.
    const linking = takeSsoLink();
    if (linking) {
      const back = (query: string) => navigate(`${PROFILE_PATH}?${query}`, { replace: true });
      if (!code) {
        back('ssoError=provider_error');
        return;
      }
      completeSsoLink({ code, state })
        .then(async (answer) => {
          await queryClient.invalidateQueries({ queryKey: authKeys.ssoIdentities });
          back(`sso=${answer.intent}`);
        })
        .catch((err: unknown) => back(`ssoError=${encodeURIComponent(errorMessageKey(err, 'default'))}`));
      return;
    }
    if (params.get('error')) {
      setError('provider_error');
      return;
    }
    if (code) {
      setPhase('signingIn');
      completeSso({ code, state })
        .then((result) => {
          startSession(result);
          navigate(takeSsoOrigin() ?? HOME_PATH, { replace: true });
        })
        .catch((err: unknown) => setError(errorMessageKey(err, 'default')));
      return;
    }
    setPhase('redirecting');
    const start = async () => {
      const known = useSessionStore.getState().tenant;
      const tenant: TenantInfo | null =
        known && accessCode && known.accessCode.toUpperCase() === accessCode.toUpperCase()
          ? known
          : accessCode
            ? await queryClient.fetchQuery(authQueries.tenant(accessCode))
            : null;
      // Grant type 0 (or no tenant): nothing to do at a provider, go to the origin.
      if (!tenant || !ssoRequired(tenant)) {
        navigate('/', { replace: true });
        return;
      }
      await beginSso(tenant.accessCode, takeSsoOrigin());
    };
    start().catch((err: unknown) => setError(errorMessageKey(err, 'default')));
  }, [params, navigate, queryClient, accessCode]);

  const loginPath = accessCode ? `${LOGIN_PATH}/${encodeURIComponent(accessCode)}` : LOGIN_PATH;

  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Center px="md" py="xl">
        <Paper withBorder shadow="sm" radius="md" p="xl" w={420} maw="100%" data-testid="sso-callback">
          {error ? (
            <Stack gap="md">
              <Title order={3}>{t('failedTitle')}</Title>
              <Alert color="red" data-testid="sso-error">
                {ssoMessage(error)}
              </Alert>
              <Anchor component={Link} to={loginPath} data-testid="sso-back">
                {t('backToLogin')}
              </Anchor>
            </Stack>
          ) : (
            <Group justify="center" gap="xs">
              <Loader size="sm" />
              <Text size="sm">{t(phase)}</Text>
            </Group>
          )}
        </Paper>
      </Center>
    </Box>
  );
}
