import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessageKey, mapErrorsToFields } from '@/lib/api';
import { translateServerMessage } from '@/lib/server-message';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { CONFIG_KEYS, MAIL_FIELDS, validateMailServer } from '../api/settings';
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
  const [address, setAddress] = useState(user?.email ?? '');
  const [validated, setValidated] = useState<string | null>(null);
  const [validating, setValidating] = useState(false);
  const five = () => Object.fromEntries(MAIL_FIELDS.map((f) => [f, String(config.values[f] ?? '')])) as Record<(typeof MAIL_FIELDS)[number], string>;
  const fingerprint = () => JSON.stringify(five());
  const cleared = () => MAIL_FIELDS.every((f) => ['', '0'].includes(String(config.values[f] ?? '')));

  const validate = async () => {
    setValidating(true);
    try {
      await validateMailServer(address.trim(), five());
      setValidated(fingerprint());
      notifications.show({ color: 'green', message: t('messages.validado_com_sucesso') });
    } catch (err) {
      config.setErrors(mapErrorsToFields(err, { fields: [...MAIL_FIELDS, 'address'], fallback: 'urlSmtpServer' }) as Record<string, string>);
      const words = err instanceof ApiError ? err.errors.find((e) => e.type === 'server')?.message : undefined;
      notifications.show({
        color: 'red',
        message: words ? `${t('messages.configuracao_smtp_invalida')}: ${words}` : translateServerMessage(errorMessageKey(err, ''), t('messages.configuracao_smtp_invalida')),
        autoClose: 6000,
      });
    } finally {
      setValidating(false);
    }
  };

  const clear = () => {
    for (const f of MAIL_FIELDS) config.set(f, f === 'eMailPort' ? '0' : '');
    setValidated(null);
  };

  const check = () => {
    const touched = MAIL_FIELDS.some((f) => f in config.changed);
    if (touched && !cleared() && validated !== fingerprint()) return 'configuracao_smtp_invalida';
    return null;
  };

  return (
    <PanelBody config={config} testId="mail">
      <ConfigFields config={config} />
      <TextInput
        label={t('validationAddress')}
        value={address}
        onChange={(e) => setAddress(e.currentTarget.value)}
        type="email"
        error={config.errors.address ? translateServerMessage(config.errors.address, t('messages.saveFailed')) : undefined}
        data-testid="mail-address"
      />
      <SaveBar config={config} check={check} testId="mail">
        <Group gap="xs">
          <Button variant="subtle" color="red" onClick={clear} data-testid="mail-clear">
            {t('clear')}
          </Button>
          <Button variant="default" onClick={() => void validate()} loading={validating} data-testid="mail-validate">
            {t('validate')}
          </Button>
        </Group>
      </SaveBar>
    </PanelBody>
  );
}
