import { useEffect, useState } from 'react';
import { Anchor, Box, Center, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { BuildVersion } from '@/components/BuildVersion';
import { LazyLanguageSwitch } from '@/components/LazyLanguageSwitch';
import { HOME_PATH } from '@/lib/config';
import { normalizeLanguage } from '@/lib/language';
import { useLanguageStore } from '@/lib/language-store';
import { selectTenant, useSessionStore } from '@/lib/session-store';
import type { TenantInfo } from '@/lib/session-types';
import { getTenantInfo } from '../api/get-tenant-info';
import { isChallenge, login } from '../api/login';
import { forgotPassword } from '../api/password-calls';
import { usePasswordFlowStore } from '../store/password-flow-store';
import { AccessCodeForm } from '../components/AccessCodeForm';
import { CookieConsent } from '../components/CookieConsent';
import { CredentialsForm } from '../components/CredentialsForm';
import { SsoButton } from '../components/SsoButton';
import { SsoRedirect } from '../components/SsoRedirect';
import { forcedLoginMode, useLoginModeStore } from '../store/login-mode-store';
import { accessCodeServerError, type CredentialValues } from '../utils/login-validation';


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
  // /login/{c}/ru={ru}: where a failed token sign-in came from (TokenSignInPage).
  // (react-router hands params over decoded.)
  const ruParam = params['*']?.startsWith('ru=') ? params['*'].slice(3) : undefined;
  const from = (location.state as LocationState | null)?.from ?? (ruParam?.startsWith('/') && !ruParam.startsWith('//') ? ruParam : undefined);

  const tenant = useSessionStore(selectTenant);
  const setTenant = useSessionStore((s) => s.setTenant);
  const loginSession = useSessionStore((s) => s.login);
  const mode = useLoginModeStore((s) => s.mode);
  const setMode = useLoginModeStore((s) => s.setMode);

  const [loadingTenant, setLoadingTenant] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);

  const tenantReady = Boolean(codeParam && tenant && sameCode(tenant.accessCode, codeParam));

  // Step 2 reached by URL: fetch the tenant of the code unless already known.
  useEffect(() => {
    if (!codeParam || tenantReady) return;
    const controller = new AbortController();
    setLoadingTenant(true);
    setCodeError(null);
    getTenantInfo(codeParam, controller.signal)
      .then((info) => {
        // Storing the tenant re-runs this effect (tenantReady), whose cleanup
        // aborts the controller: finish loading first.
        setLoadingTenant(false);
        if (!followLoginRedirect(info)) setTenant(info);
      })
      .catch((err) => {
        if (controller.signal.aborted) return;
        setCodeError(accessCodeServerError(err));
        setLoadingTenant(false);
      });
    return () => controller.abort();
  }, [codeParam, tenantReady, setTenant]);

  const onContinue = async (code: string) => {
    setLoadingTenant(true);
    setCodeError(null);
    try {
      const info = await getTenantInfo(code);
      if (followLoginRedirect(info)) return;
      setTenant(info);
      navigate(`/login/${encodeURIComponent(info.accessCode || code)}`, { state: location.state });
    } catch (err) {
      setCodeError(accessCodeServerError(err));
    } finally {
      setLoadingTenant(false);
    }
  };

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
    loginSession(result);
    // After login the language follows the user's, when it differs (spec §4).
    const userLanguage = normalizeLanguage(result.user.languageId);
    const { language, setLanguage } = useLanguageStore.getState();
    if (userLanguage && userLanguage !== language) setLanguage(userLanguage);
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
    setCodeError(null);
    navigate('/login', { state: location.state });
  };

  const showStep2 = tenantReady && !loadingTenant;
  const canChangeCode = !FIXED_ACCESS_CODE;
  const canToggleMode = !forcedLoginMode();

  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Group justify="flex-end" p="md">
        <LazyLanguageSwitch />
      </Group>
      <Center px="md" pb="xl">
        <Paper withBorder shadow="sm" radius="md" p="xl" w={420} maw="100%">
          <Stack gap="lg">
            <Stack gap={4} align="center">
              {tenant?.logo && showStep2 && <Image src={tenant.logo} alt={tenant.tenantName ?? ''} h={48} w="auto" fit="contain" />}
              <Title order={2}>{t('welcome')}</Title>
              <Text c="dimmed" size="sm" ta="center">
                {t('welcomeText')}
              </Text>
            </Stack>

            {codeParam && loadingTenant && !codeError ? (
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
                serverError={codeError}
                loading={loadingTenant}
                onSubmit={(code) => void onContinue(code)}
              />
            )}

            {showStep2 && tenant?.urls?.url && (
              <Group justify="center">
                <Anchor href={tenant.urls.url} target="_blank" rel="noreferrer" size="xs" data-testid="login-tenant-link">
                  {tenant.urls.title || tenant.tenantName || tenant.urls.url}
                </Anchor>
              </Group>
            )}
            <Group justify="center">
              <BuildVersion />
            </Group>
          </Stack>
        </Paper>
      </Center>
      <CookieConsent />
    </Box>
  );
}
