import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@/lib/api';
import { translateServerMessage } from '@/lib/server-message';
import { sendNewLogin } from '../api/settings';

/**
 * Sends a user of the company a new login: a temporary password by e-mail (template 1510,
 * through the company's mail server); they choose their own at the next sign-in.
 */
export function NewLoginPanel() {
  const { t } = useTranslation('admin');
  const [userName, setUserName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    setError(undefined);
    try {
      await sendNewLogin(userName.trim());
      notifications.show({ color: 'green', message: t('messages.enviado_com_sucesso') });
      setUserName('');
    } catch (err) {
      setError(translateServerMessage(errorMessageKey(err, 'nao_foi_possivel_enviar'), t('messages.nao_foi_possivel_enviar')));
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap="xs" data-testid="panel-new-login">
      <Text size="sm" c="dimmed">
        {t('newLogin.hint')}
      </Text>
      <Group align="flex-start" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('newLogin.userName')}
          value={userName}
          onChange={(e) => setUserName(e.currentTarget.value)}
          error={error}
          data-testid="new-login-user"
        />
        <Button mt={25} onClick={() => void send()} loading={sending} disabled={!userName.trim()} data-testid="new-login-send">
          {t('send')}
        </Button>
      </Group>
    </Stack>
  );
}
