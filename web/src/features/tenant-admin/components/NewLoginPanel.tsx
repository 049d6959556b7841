import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@/lib/api';
import { useCommand } from '@/lib/query';
import { translateServerMessage } from '@/lib/server-message';
import { sendNewLogin } from '../api/settings';
import { newLoginInitial, newLoginRules, type NewLoginValues } from '../utils/new-login-form';

/**
 * Sends a user of the company a new login: a temporary password by e-mail (template 1510,
 * through the company's mail server); they choose their own at the next sign-in.
 */
export function NewLoginPanel() {
  const { t } = useTranslation('admin');
  const form = useForm<NewLoginValues>({ initialValues: newLoginInitial, validate: newLoginRules });
  const sending = useCommand(sendNewLogin, {
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('messages.enviado_com_sucesso') });
      form.reset();
    },
  });
  const send = form.onSubmit((values) => sending.mutate(values.userName.trim()));
  const error = sending.error
    ? translateServerMessage(errorMessageKey(sending.error, 'nao_foi_possivel_enviar'), t('messages.nao_foi_possivel_enviar'))
    : undefined;
  return (
    <Stack gap="xs" data-testid="panel-new-login">
      <Text size="sm" c="dimmed">
        {t('newLogin.hint')}
      </Text>
      <Group align="flex-start" wrap="nowrap">
        <TextInput style={{ flex: 1 }} label={t('newLogin.userName')} {...form.getInputProps('userName')} error={error} data-testid="new-login-user" />
        <Button
          mt={25}
          onClick={() => send()}
          loading={sending.isPending}
          disabled={!form.values.userName.trim()}
          data-testid="new-login-send"
        >
          {t('send')}
        </Button>
      </Group>
    </Stack>
  );
}
