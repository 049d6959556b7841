import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessageKey } from '@/lib/api';
import { useCommand } from '@/lib/query';
import { translateServerMessage } from '@/lib/server-message';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { CONFIG_KEYS, validateMailServer } from '../api/settings';
import { clearedMail, mailFingerprint, mailSaveRefusal, mailServer, mailServerErrors, type MailAddressValues } from '../utils/mail-form';
import { ConfigFields } from './ConfigFields';
import { PanelBody } from './PanelBody';
import { SaveBar } from './SaveBar';
import { useConfig } from './use-config';

/**
 * The mail server. "Validate" sends a validation e-mail through the typed server; saving is
 * refused with "invalid SMTP configuration" unless the five fields were validated as they are,
 * or none of them changed (spec §2). "Clear" empties them and forgets the validation. The
 * password is never shown: left empty, the stored one is kept.
 */
export function MailServerPanel() {
  const { t } = useTranslation('admin');
  const config = useConfig(CONFIG_KEYS.mail);
  const user = useSessionStore(selectUser);
  const form = useForm<MailAddressValues>({ initialValues: { address: user?.email ?? '' } });
  // The five fields as last validated.
  const [validated, setValidated] = useState<string | null>(null);
  const validating = useCommand(validateMailServer, {
    onSuccess: (_answer, { server }) => {
      setValidated(mailFingerprint(server));
      notifications.show({ color: 'green', message: t('messages.validado_com_sucesso') });
    },
    onError: (err) => {
      config.setErrors(mailServerErrors(err));
      const words = err instanceof ApiError ? err.errors.find((e) => e.type === 'server')?.message : undefined;
      notifications.show({
        color: 'red',
        message: words ? `${t('messages.configuracao_smtp_invalida')}: ${words}` : translateServerMessage(errorMessageKey(err, ''), t('messages.configuracao_smtp_invalida')),
        autoClose: 6000,
      });
    },
  });

  const clear = () => {
    for (const [f, v] of Object.entries(clearedMail())) config.set(f, v);
    setValidated(null);
  };

  return (
    <PanelBody config={config} testId="mail">
      <ConfigFields config={config} />
      <TextInput
        label={t('validationAddress')}
        type="email"
        {...form.getInputProps('address')}
        error={config.errors.address ? translateServerMessage(config.errors.address, t('messages.saveFailed')) : undefined}
        data-testid="mail-address"
      />
      <SaveBar config={config} check={() => mailSaveRefusal(config.values, config.changed, validated)} testId="mail">
        <Group gap="xs">
          <Button variant="subtle" color="red" onClick={clear} data-testid="mail-clear">
            {t('clear')}
          </Button>
          <Button
            variant="default"
            onClick={() => validating.mutate({ address: form.values.address.trim(), server: mailServer(config.values) })}
            loading={validating.isPending}
            data-testid="mail-validate"
          >
            {t('validate')}
          </Button>
        </Group>
      </SaveBar>
    </PanelBody>
  );
}
