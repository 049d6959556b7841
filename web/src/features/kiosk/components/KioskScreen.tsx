import { useEffect, useState } from 'react';
import { Alert, Button, Center, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@/lib/api';
import { formatDateTime } from '@/lib/datetime';
import { saveBlob } from '@/lib/download';
import { normalizeLanguage } from '@/lib/language';
import { useCommand } from '@/lib/query';
import { translateServerMessage } from '@/lib/server-message';
import { selectTenant, selectUser, useSessionStore } from '@/lib/session-store';
import { kioskInitial, kioskRules, type KioskValues } from '../utils/kiosk-form';
import { KIOSK_CHANGE_PASSWORD, punchAsEmployee, type KioskPosition } from '../utils/kiosk-punch';

// Location request as the quick clock's (spec portal-core §9): high accuracy, 5 s, no cache.
const GEO_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 };

/** Where the terminal is (browser state): asked once when the screen opens. */
function useTerminalPosition() {
  const [position, setPosition] = useState<KioskPosition | null>(null);
  const [locating, setLocating] = useState(true);
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
  return { position, locating };
}

/**
 * The public-terminal screen (spec portal-core §1): while the kiosk account is signed in,
 * each employee types user name and password to punch the time clock as themselves.
 */
export function KioskScreen() {
  const { t, i18n } = useTranslation('kiosk');
  const kiosk = useSessionStore(selectUser);
  const tenant = useSessionStore(selectTenant);
  const accessCode = kiosk?.accessCode ?? tenant?.accessCode ?? '';
  const { position, locating } = useTerminalPosition();
  const form = useForm<KioskValues>({ initialValues: kioskInitial, validate: kioskRules });
  // The next employee starts from an empty form, whatever the outcome.
  const punch = useCommand(punchAsEmployee, { onSuccess: () => form.reset(), onError: () => form.reset() });
  const valid = form.isValid() && position !== null;

  const submit = form.onSubmit((values) => {
    if (position) punch.mutate({ accessCode, ...values, position });
  });
  const lang = normalizeLanguage(i18n.language) ?? 'pt';
  const done = punch.data;
  const time = done?.mark?.n09_001_t ? formatDateTime(done.mark.n09_001_t, lang) : undefined;
  const failure = punch.error ? errorMessageKey(punch.error, 'erro_interno') : null;

  return (
    <Center py="xl" data-testid="kiosk-screen">
      <Paper withBorder shadow="sm" radius="md" p="xl" w={420} maw="100%">
        <form onSubmit={submit}>
          <Stack gap="md">
            <Title order={3}>{t('title')}</Title>
            <Text size="sm" c="dimmed">
              {t('instructions')}
            </Text>
            <TextInput label={t('userName')} autoComplete="off" {...form.getInputProps('userName', { withError: false })} data-testid="kiosk-username" />
            <PasswordInput label={t('password')} autoComplete="off" {...form.getInputProps('password', { withError: false })} data-testid="kiosk-password" />
            {!locating && !position && (
              <Alert color="yellow" data-testid="kiosk-no-location">
                {t('noLocation')}
              </Alert>
            )}
            <Button type="submit" loading={punch.isPending || locating} disabled={!valid} data-testid="kiosk-punch">
              {t('punch')}
            </Button>
            {done && (
              <Alert color="green" data-testid="kiosk-success">
                {time ? t('successAt', { name: done.displayName, time }) : t('success', { name: done.displayName })}
                {done.receipt && (
                  <Group mt="xs" gap="xs" data-testid="kiosk-receipt">
                    <Text size="sm">{t('receiptNsr', { nsr: String(done.receipt.nsr).padStart(9, '0') })}</Text>
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => done.receipt && saveBlob(done.receipt.pdf, `comprovante-${String(done.receipt.nsr).padStart(9, '0')}.pdf`)}
                      data-testid="kiosk-receipt-download"
                    >
                      {t('downloadReceipt')}
                    </Button>
                  </Group>
                )}
              </Alert>
            )}
            {failure && (
              <Alert color="red" data-testid="kiosk-error">
                {failure === KIOSK_CHANGE_PASSWORD ? t('changePassword') : translateServerMessage(failure, t('failed'))}
              </Alert>
            )}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
