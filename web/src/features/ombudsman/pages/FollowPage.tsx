import '@/i18n/app';
import { useState } from 'react';
import { Badge, Button, Card, Center, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mapErrorsToFields } from '@/lib/api';
import { translateFieldError } from '@/lib/server-message';
import { followUp } from '../api/ombudsman';

/**
 * /ouvidoria/acompanhar: a reporter follows a report without signing in, by its protocol and
 * the code shown once at filing. A wrong protocol or code is one answer: not found.
 */
export function FollowPage() {
  const { t, i18n } = useTranslation('ombudsman');
  const [protocol, setProtocol] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ protocol?: string; code?: string }>({});
  const look = useMutation({
    mutationFn: () => followUp(protocol.trim(), code.trim()),
    onSuccess: () => setErrors({}),
    onError: (err) => setErrors(mapErrorsToFields(err, { fields: ['protocol', 'code'] as const, fallback: 'protocol' })),
  });
  const r = look.data;
  const when = (s: string | null) => (s ? new Date(s).toLocaleString(i18n.language) : '—');
  return (
    <Center mih="100vh" p="md">
      <Stack w={480} gap="md" data-testid="follow-page">
        <Title order={2}>{t('followTitle')}</Title>
        <Text c="dimmed">{t('followHint')}</Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            look.mutate();
          }}
        >
          <Stack gap="sm">
            <TextInput label={t('protocol')} value={protocol} onChange={(e) => setProtocol(e.currentTarget.value)} error={translateFieldError(errors.protocol)} maxLength={40} data-testid="follow-protocol" />
            <TextInput label={t('code')} value={code} onChange={(e) => setCode(e.currentTarget.value)} error={translateFieldError(errors.code)} maxLength={40} data-testid="follow-code" />
            <Button type="submit" loading={look.isPending} data-testid="follow-submit">
              {t('followSubmit')}
            </Button>
          </Stack>
        </form>
        {r && !look.isError && (
          <Card withBorder padding="md" data-testid="follow-result">
            <Stack gap="xs">
              <Text fw={600}>
                {r.protocol} · {r.subject}
              </Text>
              <Text size="sm">
                {t('status')}: <Badge variant="light" data-testid="follow-status">{t(`statuses.${r.status}`)}</Badge>
              </Text>
              <Text size="sm">
                {t('filedAt')}: {when(r.filedAt)} · {t('answeredAt')}: {when(r.answeredAt)}
              </Text>
              <Text fw={500}>{t('answer')}</Text>
              <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="follow-answer">
                {r.answer || t('noAnswer')}
              </Text>
            </Stack>
          </Card>
        )}
      </Stack>
    </Center>
  );
}
