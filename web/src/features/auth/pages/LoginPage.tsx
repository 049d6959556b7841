import { useEffect } from 'react';
import { Anchor, Box, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { LazyLanguageSwitch } from '@/components/LazyLanguageSwitch';
import { HOME_PATH } from '@/lib/config';
import { selectTenant, useSessionStore } from '@/lib/session-store';
import type { TenantInfo } from '@/lib/session-types';
import { isChallenge, login } from '../api/login';
import { forgotPassword } from '../api/password-calls';
import { authQueries } from '../api/queries';
import { usePasswordFlowStore } from '../store/password-flow-store';
import { AccessCodeForm } from '../components/AccessCodeForm';
import { AuthCard } from '../components/AuthCard';
import { CookieConsent } from '../components/CookieConsent';
import { CredentialsForm } from '../components/CredentialsForm';
import { SsoButton } from '../components/SsoButton';
import { SsoRedirect } from '../components/SsoRedirect';
import { forcedLoginMode, useLoginModeStore } from '../store/login-mode-store';
import { accessCodeServerError } from '../utils/access-code-form';
import type { CredentialValues } from '../utils/credentials-form';
import { startSession } from '../utils/start-session';

const FIXED_ACCESS_CODE = import.meta.env.VITE_ACCESS_CODE || undefined;

interface LocationState {
  from?: string;
}

const sameCode = (a?: string | null, b?: string | null) =>
  !!a && !!b && a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * When the tenant signs in on another origin, local storage is cleared and the
 * browser goes to that origin's /login/{accessCode} (spec portal-core §2).
 * Returns true when it redirected.
 */
export function followLoginRedirect(
  tenant: TenantInfo,
  loc: Pick<Location, 'origin' | 'assign'> = window.location,
): boolean {
  if (!tenant.loginRedirect) return false;
  try {
    const target = new URL(tenant.loginRedirect, loc.origin);
    if (target.origin === loc.origin) return false;
    localStorage.clear();
    loc.assign(`${target.origin}/login/${encodeURIComponent(tenant.accessCode)}`);
    return true;
  } catch {
    return false;
  }
}

/** The two-step login screen (spec portal-core §2, §5, §8). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const params = useParams<{ accessCode?: string; '*': string }>();
  const codeParam = params.accessCode ?? FIXED_ACCESS_CODE;
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  // /login/{c}/ru={ru}: where a failed token sign-in came from (TokenSignInPage).
  // (react-router hands params over decoded.)
  const ruParam = params['*']?.startsWith('ru=') ? params['*'].slice(3) : undefined;
  const from = (location.state as LocationState | null)?.from ?? (ruParam?.startsWith('/') && !ruParam.startsWith('//') ? ruParam : undefined);

  // The company signed into is the session's (the shell shows its logo and theme).
  const tenant = useSessionStore(selectTenant);
  const setTenant = useSessionStore((s) => s.setTenant);
  const mode = useLoginModeStore((s) => s.mode);
  const setMode = useLoginModeStore((s) => s.setMode);

  const tenantReady = Boolean(codeParam && tenant && sameCode(tenant.accessCode, codeParam));

  // Step 2 reached by URL: the company of the code unless already known.
  const byUrl = useQuery({ ...authQueries.tenant(codeParam ?? ''), enabled: Boolean(codeParam) && !tenantReady });
  const found = byUrl.data;
  useEffect(() => {
    if (found && !tenantReady && !followLoginRedirect(found)) setTenant(found);
  }, [found, tenantReady, setTenant]);

  // Continue on step 1: the company of the typed code, then step 2 at its URL.
  const continuing = useMutation({
    mutationFn: (code: string) => queryClient.fetchQuery(authQueries.tenant(code)),
    onSuccess: (info, code) => {
      if (followLoginRedirect(info)) return;
      setTenant(info);
      navigate(`/login/${encodeURIComponent(info.accessCode || code)}`, { state: location.state });
    },
  });
  const lookupError = continuing.error ?? (continuing.isIdle ? byUrl.error : null);
  const codeError = lookupError ? accessCodeServerError(lookupError) : null;
  // A code of the URL shows a loader while its company is looked up.
  const loadingTenant = Boolean(codeParam) && ((!tenantReady && !byUrl.error) || continuing.isPending);

  const onCredentials = async (values: CredentialValues) => {
    const accessCode = tenant?.accessCode ?? codeParam ?? '';
    const result = await login({
      accessCode,
      userName: values.userName,
      password: values.password,
      redirectUrl: window.location.origin,
    });
    if (isChallenge(result)) {
      // NEW_PASSWORD_REQUIRED (spec §4): keep session id, user hash and name; go change it.
      const { session, userHash, userName } = result.authResponse;
      usePasswordFlowStore.getState().startChallenge({ sessionId: session, userHash, userName, accessCode });
      navigate('/change-password');
      return;
    }
    startSession(result);
    navigate(from && !from.startsWith('/login') ? from : HOME_PATH, { replace: true });
  };

  // The forgot link (spec §2): request a code for the user, then /forgot-password.
  const onForgot = async (userName: string) => {
    const accessCode = tenant?.accessCode ?? codeParam ?? '';
    await forgotPassword({ accessCode, userName });
    usePasswordFlowStore.getState().startForgot({ accessCode, userName });
    navigate('/forgot-password');
  };

  const changeAccessCode = () => {
    setTenant(null);
    continuing.reset();
    navigate('/login', { state: location.state });
  };

  const showStep2 = tenantReady;
  const canChangeCode = !FIXED_ACCESS_CODE;
  const canToggleMode = !forcedLoginMode();

  return (
    <AuthCard languageSwitch={<LazyLanguageSwitch />} aside={<CookieConsent />}>
      <Stack gap={4} align="center">
        {tenant?.logo && showStep2 && <Image src={tenant.logo} alt={tenant.tenantName ?? ''} h={48} w="auto" fit="contain" />}
        <Title order={2}>{t('welcome')}</Title>
        <Text c="dimmed" size="sm" ta="center">
          {t('welcomeText')}
        </Text>
      </Stack>

      {loadingTenant ? (
        <Group justify="center" gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('loadingTenant')}</Text>
        </Group>
      ) : showStep2 ? (
        <Stack gap="md">
          <Box>
            <Text size="xs" c="dimmed">
              {t('company')}
            </Text>
            <Text fw={600} data-testid="tenant-name">
              {tenant?.tenantName || tenant?.accessCode}
            </Text>
          </Box>
          <SsoRedirect tenant={tenant} />
          {mode === 'Google' ? (
            <SsoButton tenant={tenant} />
          ) : (
            <CredentialsForm onSubmit={onCredentials} onForgot={onForgot} accessCode={tenant?.accessCode ?? codeParam} />
          )}
          <Stack gap={4} align="center">
            {canToggleMode && (
              <Anchor component="button" type="button" size="sm" onClick={() => setMode(mode === 'Google' ? 'Star' : 'Google')}>
                {mode === 'Google' ? t('useUserPassword') : t('useGoogle')}
              </Anchor>
            )}
            {canChangeCode && (
              <Anchor component="button" type="button" size="sm" onClick={changeAccessCode} data-testid="change-access-code">
                {t('changeAccessCode')}
              </Anchor>
            )}
          </Stack>
        </Stack>
      ) : (
        <AccessCodeForm
          key={codeParam ?? 'none'}
          initialCode={codeParam ?? ''}
          serverError={continuing.isPending ? null : codeError}
          loading={continuing.isPending}
          onSubmit={(code) => continuing.mutate(code)}
        />
      )}

      {showStep2 && tenant?.urls?.url && (
        <Group justify="center">
          <Anchor href={tenant.urls.url} target="_blank" rel="noreferrer" size="xs" data-testid="login-tenant-link">
            {tenant.urls.title || tenant.tenantName || tenant.urls.url}
          </Anchor>
        </Group>
      )}
    </AuthCard>
  );
}
