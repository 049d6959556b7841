import { useEffect } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { HOME_PATH, LOGIN_PATH } from '@/lib/config';
import type { LoginResult } from '@/lib/session-types';
import { signInWithRefreshToken } from '../api/token-sign-in';
import { startSession } from '../utils/start-session';

/** The route of the token sign-in screen. */
export { TOKEN_SIGN_IN_PATH } from '../paths';

/** A same-origin path to go to after sign-in; anything else (other sites) goes home. */
export function safeRedirect(ru: string | null | undefined): string {
  if (!ru || !ru.startsWith('/') || ru.startsWith('//') || ru.startsWith('/\\')) return HOME_PATH;
  return ru;
}

/** Where a failed token sign-in goes (spec portal-core §2): /login/{c}/ru={ru}. */
export function tokenFailurePath(c: string | null, ru: string | null): string {
  if (!c) return LOGIN_PATH;
  const base = `${LOGIN_PATH}/${encodeURIComponent(c)}`;
  return ru ? `${base}/ru=${encodeURIComponent(ru)}` : base;
}

// One sign-in per refresh token, even when the effect runs twice (StrictMode): a second
// call with the same token would be reuse, which revokes the session.
const pending = new Map<string, Promise<LoginResult>>();

function signInOnce(u: string, r: string, c: string, ru: string): Promise<LoginResult> {
  let p = pending.get(r);
  if (!p) {
    p = signInWithRefreshToken({ username: u, refreshToken: r, accessCode: c, redirectUrl: ru });
    pending.set(r, p);
    p.catch(() => undefined).finally(() => setTimeout(() => pending.delete(r), 10_000));
  }
  return p;
}

/**
 * The token sign-in screen (spec portal-core §2): reads u (user name), ru (where to go),
 * r (refresh token) and c (access code), signs in with the refresh token and goes to ru;
 * on failure it goes to /login/{c}/ru={ru} ('Failed to login with token.', §8).
 */
export function TokenSignInPage() {
  const { t } = useTranslation('authFlows');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const u = params.get('u') ?? '';
  const ru = params.get('ru');
  const r = params.get('r') ?? '';
  const c = params.get('c');

  useEffect(() => {
    let cancelled = false;
    const fail = () => {
      if (cancelled) return;
      notifications.show({ color: 'red', message: t('token.failed') });
      navigate(tokenFailurePath(c, ru), { replace: true });
    };
    if (!r || !c) {
      fail();
      return;
    }
    signInOnce(u, r, c, ru ?? '')
      .then((result) => {
        if (cancelled) return;
        startSession(result);
        navigate(safeRedirect(ru), { replace: true });
      })
      .catch(fail);
    return () => {
      cancelled = true;
    };
  }, [u, r, c, ru, navigate, t]);

  return (
    <Center mih="100vh" data-testid="token-sign-in">
      <Stack align="center" gap="xs">
        <Loader />
        <Text size="sm">{t('token.signingIn')}</Text>
      </Stack>
    </Center>
  );
}
