import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@/lib/api';
import { formatDateTime } from '@/lib/datetime';
import { normalizeLanguage } from '@/lib/language';
import { translateServerMessage } from '@/lib/server-message';
import { selectTenant, selectUser, useSessionStore } from '@/lib/session-store';
import { KIOSK_CHANGE_PASSWORD, punchAsEmployee, type KioskPosition } from '../utils/kiosk-punch';

// Location request as the quick clock's (spec portal-core §9): high accuracy, 5 s, no cache.
const GEO_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 };

type Outcome = { kind: 'ok'; name: string; time?: string } | { kind: 'error'; message: string } | null;

/**
 * The public-terminal screen (spec portal-core §1): while the kiosk account is signed in,
 * each employee types user name and password to punch the time clock as themselves.
 */
export function KioskScreen() {
  const { t, i18n } = useTranslation('kiosk');
  const kiosk = useSessionStore(selectUser);
  const tenant = useSessionStore(selectTenant);
  const accessCode = kiosk?.accessCode ?? tenant?.accessCode ?? '';
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [position, setPosition] = useState<KioskPosition | null>(null);
  const [locating, setLocating] = useState(true);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setLocating(false);
      return;
    }
    let cancelled = false;
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        if (cancelled) return;
        setPosition({ lat: pos.coords.latitude, lon: pos.coords.longitude });
        setLocating(false);
      },
      () => !cancelled && setLocating(false),
      GEO_OPTIONS,
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const valid = userName.trim() !== '' && password !== '' && position !== null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || !position) return;
    setBusy(true);
    setOutcome(null);
    try {
      const res = await punchAsEmployee({ accessCode, userName, password, position });
      const lang = normalizeLanguage(i18n.language) ?? 'pt';
      setOutcome({ kind: 'ok', name: res.displayName, time: res.mark?.n09_001_t ? formatDateTime(res.mark.n09_001_t, lang) : undefined });
    } catch (err) {
      const key = errorMessageKey(err, 'erro_interno');
      setOutcome({
        kind: 'error',
        message: key === KIOSK_CHANGE_PASSWORD ? t('changePassword') : translateServerMessage(key, t('failed')),
      });
    } finally {
      // The next employee starts from an empty form.
      setUserName('');
      setPassword('');
      setBusy(false);
    }
  };

  return (
    <Center py="xl" data-testid="kiosk-screen">
      <Paper withBorder shadow="sm" radius="md" p="xl" w={420} maw="100%">
        <form onSubmit={(e) => void submit(e)}>
          <Stack gap="md">
            <Title order={3}>{t('title')}</Title>
            <Text size="sm" c="dimmed">
              {t('instructions')}
            </Text>
            <TextInput
              label={t('userName')}
              value={userName}
              onChange={(e) => setUserName(e.currentTarget.value)}
              autoComplete="off"
              data-testid="kiosk-username"
            />
            <PasswordInput
              label={t('password')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoComplete="off"
              data-testid="kiosk-password"
            />
            {!locating && !position && (
              <Alert color="yellow" data-testid="kiosk-no-location">
                {t('noLocation')}
              </Alert>
            )}
            <Button type="submit" loading={busy || locating} disabled={!valid} data-testid="kiosk-punch">
              {t('punch')}
            </Button>
            {outcome?.kind === 'ok' && (
              <Alert color="green" data-testid="kiosk-success">
                {outcome.time ? t('successAt', { name: outcome.name, time: outcome.time }) : t('success', { name: outcome.name })}
              </Alert>
            )}
            {outcome?.kind === 'error' && (
              <Alert color="red" data-testid="kiosk-error">
                {outcome.message}
              </Alert>
            )}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
