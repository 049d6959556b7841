import { useState } from 'react';
import { Alert, Badge, Button, Card, Code, Group, SegmentedControl, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ServerError } from '@/components/ServerError';
import { mapErrorsToFields } from '@/lib/api';
import { useCommand } from '@/lib/query';
import { translateFieldError } from '@/lib/server-message';
import {
  answerReport,
  CATEGORIES,
  fileReport,
  moveReport,
  ombudsmanKeys,
  ombudsmanQueries,
  STATUSES,
  VISIBILITIES,
  type Filing,
  type Report,
  type Visibility,
} from '../api/ombudsman';
import { FOLLOW_PATH } from '../paths';

type Field = keyof Filing;
const FIELDS: readonly Field[] = ['category', 'subject', 'text', 'visibility'];
const EMPTY: Filing = { category: '', subject: '', text: '', visibility: 'private' };

/**
 * /apps/Ouvidoria (tools_015): an employee files a report (public, private or anonymous) and
 * gets its protocol and follow-up code once; the ombudsman team (casbin "ombudsman, handle")
 * works the queue: received → in analysis → answered → closed.
 */
export function OmbudsmanPage() {
  const { t } = useTranslation('ombudsman');
  const mine = useQuery(ombudsmanQueries.mine());
  return (
    <Stack gap="lg" data-testid="ombudsman-page">
      <div>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </div>
      <FileForm />
      <Card withBorder padding="md">
        <Title order={4}>{t('mine')}</Title>
        {mine.error && <ServerError error={mine.error} />}
        <ReportTable reports={mine.data?.reports ?? []} testId="ombudsman-mine" />
      </Card>
      {mine.data?.canHandle && <Queue />}
    </Stack>
  );
}

function FileForm() {
  const { t } = useTranslation('ombudsman');
  const [draft, setDraft] = useState<Filing>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [receipt, setReceipt] = useState<{ protocol: string; code: string } | null>(null);
  const file = useCommand(fileReport, {
    invalidates: [ombudsmanKeys.all],
    onSuccess: (r) => {
      setReceipt({ protocol: r.protocol, code: r.code });
      setDraft(EMPTY);
      setErrors({});
    },
    onError: (err) => setErrors(mapErrorsToFields(err, { fields: FIELDS, fallback: 'subject' })),
  });
  const err = (f: Field) => translateFieldError(errors[f]);
  return (
    <Card withBorder padding="md" data-testid="ombudsman-form">
      <Stack gap="sm">
        <Title order={4}>{t('file')}</Title>
        {receipt && (
          <Alert color="teal" title={t('filed')} data-testid="ombudsman-receipt">
            <Stack gap={4}>
              <Text>
                {t('protocol')}: <Code data-testid="ombudsman-protocol">{receipt.protocol}</Code>
              </Text>
              <Text>
                {t('code')}: <Code data-testid="ombudsman-code">{receipt.code}</Code>
              </Text>
              <Text size="sm">{t('codeOnce')}</Text>
              <Text size="sm">
                <Link to={FOLLOW_PATH}>{t('followLink')}</Link>
              </Text>
            </Stack>
          </Alert>
        )}
        <Select
          label={t('category')}
          data={CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
          value={draft.category || null}
          onChange={(v) => setDraft({ ...draft, category: (v ?? '') as Filing['category'] })}
          error={err('category')}
          data-testid="ombudsman-category"
        />
        <TextInput
          label={t('subject')}
          value={draft.subject}
          onChange={(e) => setDraft({ ...draft, subject: e.currentTarget.value })}
          error={err('subject')}
          maxLength={200}
          data-testid="ombudsman-subject"
        />
        <Textarea
          label={t('text')}
          value={draft.text}
          onChange={(e) => setDraft({ ...draft, text: e.currentTarget.value })}
          error={err('text')}
          maxLength={5000}
          autosize
          minRows={4}
          data-testid="ombudsman-text"
        />
        <div>
          <Text size="sm" fw={500}>
            {t('visibility')}
          </Text>
          <SegmentedControl
            value={draft.visibility}
            onChange={(v) => setDraft({ ...draft, visibility: v as Visibility })}
            data={VISIBILITIES.map((v) => ({ value: v, label: t(`visibilities.${v}`) }))}
            data-testid="ombudsman-visibility"
          />
          <Text size="xs" c="dimmed">
            {t(`visibilityHint.${draft.visibility}`)}
          </Text>
          {errors.visibility && (
            <Text size="xs" c="red">
              {err('visibility')}
            </Text>
          )}
        </div>
        <Group justify="flex-end">
          <Button onClick={() => file.mutate(draft)} loading={file.isPending} data-testid="ombudsman-submit">
            {t('send')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ReportTable({ reports, testId, onPick, team }: { reports: Report[]; testId: string; onPick?: (r: Report) => void; team?: boolean }) {
  const { t, i18n } = useTranslation('ombudsman');
  if (reports.length === 0)
    return (
      <Text c="dimmed" data-testid={`${testId}-empty`}>
        {t('none')}
      </Text>
    );
  return (
    <Table data-testid={testId} highlightOnHover={Boolean(onPick)}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('protocol')}</Table.Th>
          <Table.Th>{t('subject')}</Table.Th>
          <Table.Th>{t('category')}</Table.Th>
          <Table.Th>{t('visibility')}</Table.Th>
          {team && <Table.Th>{t('reporter')}</Table.Th>}
          <Table.Th>{t('status')}</Table.Th>
          <Table.Th>{t('filedAt')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {reports.map((r) => (
          <Table.Tr key={r.id} data-testid={`${testId}-row`} data-protocol={r.protocol} onClick={() => onPick?.(r)} style={onPick ? { cursor: 'pointer' } : undefined}>
            <Table.Td>{r.protocol}</Table.Td>
            <Table.Td>{r.subject}</Table.Td>
            <Table.Td>{t(`categories.${r.category}`)}</Table.Td>
            <Table.Td>{t(`visibilities.${r.visibility}`)}</Table.Td>
            {team && <Table.Td data-testid="ombudsman-reporter">{r.reporterName || t('hidden')}</Table.Td>}
            <Table.Td>
              <Badge variant="light">{t(`statuses.${r.status}`)}</Badge>
            </Table.Td>
            <Table.Td>{new Date(r.filedAt).toLocaleString(i18n.language)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Queue() {
  const { t } = useTranslation('ombudsman');
  const [status, setStatus] = useState('');
  const queue = useQuery(ombudsmanQueries.queue(status));
  const [picked, setPicked] = useState<Report | null>(null);
  const [answer, setAnswer] = useState('');
  const [answerError, setAnswerError] = useState<string | undefined>();
  const [notice, setNotice] = useState('');
  const [actionError, setActionError] = useState<unknown>(null);
  const pick = (r: Report) => {
    setPicked(r);
    setAnswer(r.answer);
    setAnswerError(undefined);
    setNotice('');
    setActionError(null);
  };
  const send = useCommand(answerReport, {
    invalidates: [ombudsmanKeys.all],
    onSuccess: (out) => {
      setNotice(out.mailed ? t('answeredMailed') : t('answered'));
      setPicked(null);
    },
    onError: (err) => setAnswerError(mapErrorsToFields(err, { fields: ['answer'] as const, fallback: 'answer' }).answer),
  });
  const move = useCommand(moveReport, {
    invalidates: [ombudsmanKeys.all],
    onSuccess: () => setPicked(null),
    onError: setActionError,
  });
  return (
    <Card withBorder padding="md" data-testid="ombudsman-queue">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{t('queue')}</Title>
          <Select
            aria-label={t('status')}
            data={[{ value: '', label: t('open') }, ...STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))]}
            value={status}
            onChange={(v) => setStatus(v ?? '')}
            allowDeselect={false}
            w={200}
          />
        </Group>
        {queue.error && <ServerError error={queue.error} />}
        {actionError != null && <ServerError error={actionError} />}
        {notice && (
          <Text c="teal" role="status" data-testid="ombudsman-notice">
            {notice}
          </Text>
        )}
        <ReportTable reports={queue.data?.reports ?? []} testId="ombudsman-queue" onPick={pick} team />
        {picked && (
          <Card withBorder padding="md" data-testid="ombudsman-detail">
            <Stack gap="xs">
              <Text fw={600}>
                {picked.protocol} · {picked.subject}
              </Text>
              <Text size="sm" c="dimmed">
                {t('reporter')}: {picked.reporterName || t('hidden')}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{picked.text}</Text>
              <Textarea
                label={t('answer')}
                value={answer}
                onChange={(e) => setAnswer(e.currentTarget.value)}
                error={translateFieldError(answerError)}
                maxLength={5000}
                autosize
                minRows={3}
                data-testid="ombudsman-answer"
              />
              <Group justify="flex-end">
                {picked.status === 'received' && (
                  <Button variant="default" onClick={() => move.mutate({ id: picked.id, status: 'in_analysis' })} data-testid="ombudsman-analyse">
                    {t('toAnalysis')}
                  </Button>
                )}
                {picked.status !== 'closed' && (
                  <Button variant="default" color="gray" onClick={() => move.mutate({ id: picked.id, status: 'closed' })} data-testid="ombudsman-close">
                    {t('close')}
                  </Button>
                )}
                {picked.status !== 'closed' && (
                  <Button onClick={() => send.mutate({ id: picked.id, answer })} loading={send.isPending} data-testid="ombudsman-answer-send">
                    {t('sendAnswer')}
                  </Button>
                )}
              </Group>
            </Stack>
          </Card>
        )}
      </Stack>
    </Card>
  );
}
