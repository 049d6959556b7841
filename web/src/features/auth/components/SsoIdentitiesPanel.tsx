import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import i18n from '@/i18n';
import { errorMessageKey } from '@/lib/api';
import { formatDateTime } from '@/lib/datetime';
import { normalizeLanguage } from '@/lib/language';
import { authQueries } from '../api/queries';
import { beginSsoLink, GOOGLE_ISSUER } from '../api/sso-flow';
import { ssoMessage } from '../utils/sso-messages';

/**
 * The profile's single sign-on section (spec portal-core §7 linkGoogle / removelinkGoogle):
 * the identities of the tenant's provider linked to the user, and buttons that link or
 * unlink one through the provider's own sign-in. Hidden when the tenant has no provider and
 * the user no link (and when they cannot be read).
 */
export function SsoIdentitiesPanel() {
  const { t } = useTranslation('sso');
  const [params] = useSearchParams();
  const { data } = useQuery(authQueries.ssoIdentities());
  // Leaving for the provider: the button spins until the browser goes; a refusal shows.
  const leaving = useMutation({ mutationFn: beginSsoLink });
  const error = leaving.error ? errorMessageKey(leaving.error, 'default') : leaving.isIdle ? params.get('ssoError') : null;
  const done = params.get('sso');

  if (!data || (!data.provider && data.identities.length === 0)) return null;
  const mine = data.identities.filter((i) => i.issuer === data.provider);
  const busy = leaving.isPending || leaving.isSuccess;
  const lang = normalizeLanguage(i18n.language) ?? 'pt';
  const name = data.provider === GOOGLE_ISSUER ? 'Google' : data.provider;
  return (
    <Paper withBorder p="lg" radius="md" data-testid="sso-identities">
      <Stack gap="sm">
        <Title order={4}>{t('link.title')}</Title>
        {done === 'link' && <Alert color="green" data-testid="sso-link-done">{t('link.linked')}</Alert>}
        {done === 'unlink' && <Alert color="green" data-testid="sso-link-done">{t('link.unlinked')}</Alert>}
        {error && (
          <Alert color="red" data-testid="sso-link-error">
            {ssoMessage(error)}
          </Alert>
        )}
        {data.identities.length === 0 ? (
          <Text c="dimmed" data-testid="sso-identity-none">
            {t('link.none', { provider: name })}
          </Text>
        ) : (
          data.identities.map((i) => (
            <Group key={`${i.issuer} ${i.subject}`} justify="space-between" data-testid="sso-identity">
              <Stack gap={0}>
                <Text fw={600}>{i.email || i.subject}</Text>
                <Text size="xs" c="dimmed">
                  {t('link.since', { provider: i.issuer === GOOGLE_ISSUER ? 'Google' : i.issuer, date: formatDateTime(i.linkedAt, lang) })}
                </Text>
              </Stack>
              {i.issuer === data.provider && <Badge variant="light">{t('link.active')}</Badge>}
            </Group>
          ))
        )}
        {data.provider && (
          <Group>
            {mine.length === 0 ? (
              <Button onClick={() => leaving.mutate('link')} loading={busy} data-testid="sso-link">
                {t('link.link', { provider: name })}
              </Button>
            ) : (
              <Button variant="light" color="red" onClick={() => leaving.mutate('unlink')} loading={busy} data-testid="sso-unlink">
                {t('link.unlink', { provider: name })}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
