import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ServerError } from '@/components/ServerError';
import { mapErrorsToFields } from '@/lib/api';
import { useCommand } from '@/lib/query';
import { translateFieldError } from '@/lib/server-message';
import { ombudsmanKeys, ombudsmanQueries, sendContact } from '@/features/ombudsman/api/ombudsman';

type Field = 'subject' | 'message';
const FIELDS: readonly Field[] = ['subject', 'message'];

/**
 * /apps/faq/Contato (tools_014): an employee writes to HR; the server mails it to the tenant's
 * contact address (or its HR admins). The list shows what was sent: subjects, not bodies.
 */
export function ContactPage() {
  const { t, i18n } = useTranslation('ombudsman');
  const sent = useQuery(ombudsmanQueries.contacts());
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [done, setDone] = useState(false);
  const send = useCommand(sendContact, {
    invalidates: [ombudsmanKeys.contact],
    onSuccess: () => {
      setDone(true);
      setSubject('');
      setMessage('');
      setErrors({});
    },
    onError: (err) => {
      setDone(false);
      setErrors(mapErrorsToFields(err, { fields: FIELDS, fallback: 'message' }));
    },
  });
  const messages = sent.data?.messages ?? [];
  return (
    <Stack gap="lg" data-testid="contact-page">
      <div>
        <Title order={2}>{t('contactTitle')}</Title>
        <Text c="dimmed">{t('contactSubtitle')}</Text>
      </div>
      <Card withBorder padding="md">
        <Stack gap="sm">
          {done && (
            <Alert color="teal" data-testid="contact-sent" role="status">
              {t('contactSent')}
            </Alert>
          )}
          <TextInput label={t('subject')} value={subject} onChange={(e) => setSubject(e.currentTarget.value)} error={translateFieldError(errors.subject)} maxLength={200} data-testid="contact-subject" />
          <Textarea
            label={t('message')}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            error={translateFieldError(errors.message)}
            maxLength={5000}
            autosize
            minRows={5}
            data-testid="contact-message"
          />
          <Group justify="flex-end">
            <Button onClick={() => send.mutate({ subject, message })} loading={send.isPending} data-testid="contact-submit">
              {t('send')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <Title order={4}>{t('contactSentList')}</Title>
        {sent.error && <ServerError error={sent.error} />}
        {messages.length === 0 ? (
          <Text c="dimmed">{t('none')}</Text>
        ) : (
          <Table data-testid="contact-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('subject')}</Table.Th>
                <Table.Th>{t('sentAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {messages.map((m) => (
                <Table.Tr key={m.id} data-testid="contact-row">
                  <Table.Td>{m.subject}</Table.Td>
                  <Table.Td>{new Date(m.sentAt).toLocaleString(i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
