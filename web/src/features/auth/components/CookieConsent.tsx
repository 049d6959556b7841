import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { addDays, getCookie, setCookie } from '@/lib/cookies';
import { CONSENT_COOKIE } from '@/lib/config';
import { consentCookieDays, environmentOf } from '@/lib/environment';
import { selectTenant, useSessionStore } from '@/lib/session-store';

/**
 * Cookie-consent banner; accepting stores the consent cookie for 15 days on test hosts, 60 on
 * pre-release ones, 120 otherwise (spec portal-core §2, §9; the environment comes with TenantInfo).
 */
export function CookieConsent() {
  const { t } = useTranslation('auth');
  const tenant = useSessionStore(selectTenant);
  const [accepted, setAccepted] = useState(() => getCookie(CONSENT_COOKIE) === 'true');
  if (accepted) return null;
  const accept = () => {
    setCookie(CONSENT_COOKIE, 'true', addDays(new Date(), consentCookieDays(environmentOf(tenant?.environment))));
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
