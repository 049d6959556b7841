import { Button, Checkbox, PasswordInput, SegmentedControl, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '@/components/QueryStatus';
import { useCommand } from '@/lib/query';
import { authKeys } from '../api/keys';
import { authQueries } from '../api/queries';
import { saveSsoConfig, type SsoConfig } from '../api/sso-config';
import { ssoConfigChange, ssoConfigServerErrors, ssoConfigValues, type SsoConfigValues } from '../utils/sso-config-form';
import { ssoMessage } from '../utils/sso-messages';

/**
 * The tenant's identity provider (spec portal-core §3: cognitoGrantTypes 0, 1 or 2, the client
 * id and the provider), in the HR settings panel of users with the Admin flag (business §6).
 * The secret is never shown: left empty it is kept, unless the client is made public.
 */
export function SsoConfigPanel() {
  const { t } = useTranslation('sso');
  const config = useQuery(authQueries.ssoConfig());
  if (!config.data) return <QueryStatus query={config} message={() => t('config.loadFailed')} />;
  return <SsoConfigForm config={config.data} />;
}

function SsoConfigForm({ config }: { config: SsoConfig }) {
  const { t } = useTranslation('sso');
  const client = useQueryClient();
  const form = useForm<SsoConfigValues>({ initialValues: ssoConfigValues(config) });
  const saving = useCommand(saveSsoConfig, {
    // The login screens read the provider through TenantInfo.
    invalidates: [authKeys.tenant],
    onSuccess: (saved) => {
      client.setQueryData(authKeys.ssoConfig, saved);
      form.setValues(ssoConfigValues(saved));
      notifications.show({ color: 'green', message: t('config.saved') });
    },
    onError: (err) => form.setErrors(ssoConfigServerErrors(err)),
  });
  const input = (field: keyof SsoConfigValues, testId: string) => {
    const { error, ...props } = form.getInputProps(field);
    return { ...props, error: error ? ssoMessage(String(error), 'config.errors') : undefined, 'data-testid': testId };
  };
  const grantError = form.errors.grantTypes;
  return (
    <form onSubmit={form.onSubmit((values) => saving.mutate(ssoConfigChange(values)))} data-testid="sso-config">
      <Stack gap="sm">
        <Title order={4}>{t('config.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('config.intro')}
        </Text>
        <TextInput label={t('config.issuer')} placeholder="https://accounts.google.com" {...input('issuer', 'sso-config-issuer')} />
        <TextInput label={t('config.clientId')} {...input('clientId', 'sso-config-client-id')} />
        <Checkbox label={t('config.publicClient')} {...form.getInputProps('publicClient', { type: 'checkbox' })} data-testid="sso-config-public" />
        {!form.values.publicClient && (
          <PasswordInput
            label={t('config.clientSecret')}
            description={config.hasSecret ? t('config.secretKept') : undefined}
            autoComplete="new-password"
            {...input('secret', 'sso-config-secret')}
            error={form.errors.clientSecret ? ssoMessage(String(form.errors.clientSecret), 'config.errors') : undefined}
          />
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('config.grantTypes')}
          </Text>
          <SegmentedControl
            {...form.getInputProps('grantTypes')}
            data={[0, 1, 2].map((g) => ({ value: String(g), label: t(`config.grant${g}` as 'config.grant0') }))}
            data-testid="sso-config-grant"
          />
          <Text size="xs" c="dimmed">
            {t(`config.grantHelp${form.values.grantTypes}` as 'config.grantHelp0')}
          </Text>
          {grantError && (
            <Text size="xs" c="red">
              {ssoMessage(String(grantError), 'config.errors')}
            </Text>
          )}
        </Stack>
        <Switch label={t('config.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} data-testid="sso-config-enabled" />
        <Button type="submit" loading={saving.isPending} data-testid="sso-config-save">
          {t('config.save')}
        </Button>
      </Stack>
    </form>
  );
}
