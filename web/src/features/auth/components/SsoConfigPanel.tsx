import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Loader, PasswordInput, SegmentedControl, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import i18n from '@/i18n';
import { mapErrorsToFields } from '@/lib/api';
import { getSsoConfig, saveSsoConfig, type SsoConfig, type SsoConfigChange } from '../api/sso-config';

type Field = 'issuer' | 'clientId' | 'clientSecret' | 'grantTypes';
const FIELDS: readonly Field[] = ['issuer', 'clientId', 'clientSecret', 'grantTypes'];

/** The text of a server message key (config.errors of the sso namespace). */
function configMessage(key: string): string {
  if (/^[a-z0-9_]+$/.test(key) && i18n.exists(`config.errors.${key}`, { ns: 'sso' })) {
    return i18n.t(`config.errors.${key}` as 'config.errors.default', { ns: 'sso' });
  }
  return i18n.t('config.errors.default', { ns: 'sso' });
}

/**
 * The tenant's identity provider (spec portal-core §3: cognitoGrantTypes 0, 1 or 2, the client
 * id and the provider), in the HR settings panel of users with the Admin flag (business §6).
 * The secret is never shown: left empty it is kept, unless the client is made public.
 */
export function SsoConfigPanel() {
  const { t } = useTranslation('sso');
  const [loaded, setLoaded] = useState<SsoConfig | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [issuer, setIssuer] = useState('');
  const [clientId, setClientId] = useState('');
  const [secret, setSecret] = useState('');
  const [publicClient, setPublicClient] = useState(false);
  const [grantTypes, setGrantTypes] = useState('0');
  const [enabled, setEnabled] = useState(true);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);

  const show = (c: SsoConfig) => {
    setLoaded(c);
    setIssuer(c.issuer);
    setClientId(c.clientId);
    setSecret('');
    setPublicClient(c.configured && !c.hasSecret);
    setGrantTypes(String(c.grantTypes));
    setEnabled(c.configured ? c.enabled : true);
  };

  useEffect(() => {
    let cancelled = false;
    getSsoConfig()
      .then((c) => !cancelled && show(c))
      .catch(() => !cancelled && setLoadFailed(true));
    return () => {
      cancelled = true;
    };
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const change: SsoConfigChange = { issuer, clientId, grantTypes: Number(grantTypes), enabled };
    if (publicClient) change.clientSecret = '';
    else if (secret !== '') change.clientSecret = secret;
    setSaving(true);
    setErrors({});
    try {
      show(await saveSsoConfig(change));
      notifications.show({ color: 'green', message: t('config.saved') });
    } catch (err) {
      setErrors(mapErrorsToFields(err, { fields: FIELDS, fallback: 'issuer', defaultMessage: 'default' }));
    } finally {
      setSaving(false);
    }
  };

  if (loadFailed) return <Alert color="red">{t('config.loadFailed')}</Alert>;
  if (!loaded) return <Loader size="sm" />;
  const error = (f: Field) => (errors[f] ? configMessage(errors[f] as string) : undefined);
  return (
    <form onSubmit={(e) => void submit(e)} data-testid="sso-config">
      <Stack gap="sm">
        <Title order={4}>{t('config.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('config.intro')}
        </Text>
        <TextInput
          label={t('config.issuer')}
          placeholder="https://accounts.google.com"
          value={issuer}
          onChange={(e) => setIssuer(e.currentTarget.value)}
          error={error('issuer')}
          data-testid="sso-config-issuer"
        />
        <TextInput
          label={t('config.clientId')}
          value={clientId}
          onChange={(e) => setClientId(e.currentTarget.value)}
          error={error('clientId')}
          data-testid="sso-config-client-id"
        />
        <Checkbox
          label={t('config.publicClient')}
          checked={publicClient}
          onChange={(e) => setPublicClient(e.currentTarget.checked)}
          data-testid="sso-config-public"
        />
        {!publicClient && (
          <PasswordInput
            label={t('config.clientSecret')}
            description={loaded.hasSecret ? t('config.secretKept') : undefined}
            value={secret}
            onChange={(e) => setSecret(e.currentTarget.value)}
            error={error('clientSecret')}
            autoComplete="new-password"
            data-testid="sso-config-secret"
          />
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('config.grantTypes')}
          </Text>
          <SegmentedControl
            value={grantTypes}
            onChange={setGrantTypes}
            data={[0, 1, 2].map((g) => ({ value: String(g), label: t(`config.grant${g}` as 'config.grant0') }))}
            data-testid="sso-config-grant"
          />
          <Text size="xs" c="dimmed">
            {t(`config.grantHelp${grantTypes}` as 'config.grantHelp0')}
          </Text>
          {error('grantTypes') && (
            <Text size="xs" c="red">
              {error('grantTypes')}
            </Text>
          )}
        </Stack>
        <Switch
          label={t('config.enabled')}
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
          data-testid="sso-config-enabled"
        />
        <Button type="submit" loading={saving} data-testid="sso-config-save">
          {t('config.save')}
        </Button>
      </Stack>
    </form>
  );
}
