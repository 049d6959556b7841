import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { addDays, getCookie, setCookie } from '@/lib/cookies';
import { CONSENT_COOKIE, CONSENT_COOKIE_DAYS } from '@/lib/config';

/** Cookie-consent banner; accepting stores the consent cookie for 120 days. */
export function CookieConsent() {
  const { t } = useTranslation('auth');
  const [accepted, setAccepted] = useState(() => getCookie(CONSENT_COOKIE) === 'true');
  if (accepted) return null;
  const accept = () => {
    setCookie(CONSENT_COOKIE, 'true', addDays(new Date(), CONSENT_COOKIE_DAYS));
    setAccepted(true);
  };
  return (
    <Paper
      shadow="md"
      p="md"
      withBorder
      role="region"
      aria-label={t('cookieConsent.accept')}
      style={{ position: 'fixed', left: 16, right: 16, bottom: 16, zIndex: 200 }}
      data-testid="cookie-consent"
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" style={{ flex: 1, minWidth: 240 }}>
          {t('cookieConsent.text')}
        </Text>
        <Button size="sm" onClick={accept} data-testid="cookie-accept">
          {t('cookieConsent.accept')}
        </Button>
      </Group>
    </Paper>
  );
}
