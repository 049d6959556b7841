import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, Loader, Modal, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell, IconFiles, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/DateField';
import { ApiError, errorMessageKey } from '@/lib/api';
import { formatDateTime, formatDay } from '@/lib/datetime';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import { useCommand } from '@/lib/query';
import {
  KINDS,
  payrollKeys,
  payrollQueries,
  publishBatch,
  remindBatch,
  withdrawDocument,
  type Batch,
  type BatchDocument,
  type Kind,
  type PublishReport,
} from '../api/payroll';
import { formatMonth, payrollMessage, unmatchedReason } from '../utils';

/** The month before today's (payroll closes a month after it ends), as YYYY-MM. */
export function previousMonth(now = new Date()): string {
  const d = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * /apps/admin-rh/demonstrativos (menu rh_002_01_adm): HR publishes the documents the payroll
 * system produced (PDFs, images or a ZIP), reads the report of what matched an employee and
 * what did not, follows each batch's signatures, reminds who has not signed and withdraws a
 * document with a reason.
 */
export function PublishPage() {
  const { t } = useTranslation('payroll');
  const language = useLanguageStore(selectLanguage);
  const [files, setFiles] = useState<File[]>([]);
  const [month, setMonth] = useState(previousMonth());
  const [kind, setKind] = useState<Kind>('payslip');
  const [publishAt, setPublishAt] = useState('');
  const [formError, setFormError] = useState<{ files?: string; month?: string }>({});
  const [report, setReport] = useState<PublishReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [batchId, setBatchId] = useState<string | null>(null);
  const batches = useQuery(payrollQueries.batches());
  const batch = batches.data?.find((b) => b.batchId === batchId) ?? null;

  const publish = useCommand(publishBatch, {
    invalidates: [payrollKeys.all],
    onMutate: () => {
      setFailure(null);
      setReport(null);
    },
    onSuccess: (r) => {
      setReport(r);
      setFiles([]);
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 422 && e.errors.length > 0) {
        // Nothing published: the report lists each file and why.
        setFailure(t('admin.nothingPublished'));
        setReport({ batchId: '', month, kind, publishAt: '', published: [], unmatched: e.errors.map((x) => ({ fileName: x.type, reason: x.message })) });
        return;
      }
      setFailure(payrollMessage(errorMessageKey(e, 'erro_interno'), t('error')));
    },
  });

  const submit = () => {
    const errors = {
      files: files.length === 0 ? t('admin.filesRequired') : undefined,
      month: MONTH_RE.test(month) ? undefined : t('admin.monthInvalid'),
    };
    setFormError(errors);
    if (errors.files || errors.month) return;
    publish.mutate({ files, month, kind, publishAt: publishAt || null });
  };

  return (
    <Stack gap="md" data-testid="payroll-admin-page">
      <Title order={2}>{t('admin.title')}</Title>
      <Paper withBorder p="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('admin.publishTitle')}
            </Title>
            <FileInput
              label={t('admin.files')}
              placeholder={t('admin.filesPlaceholder')}
              multiple
              clearable
              accept="application/pdf,application/zip,.zip,.pdf,image/png,image/jpeg"
              value={files}
              onChange={setFiles}
              error={formError.files}
              leftSection={<IconFiles size={16} />}
              data-testid="payroll-files"
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={t('admin.month')}
                value={month}
                onChange={(e) => setMonth(e.currentTarget.value.trim())}
                error={formError.month}
                data-testid="payroll-month"
              />
              <Select
                label={t('admin.kind')}
                data={KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
                value={kind}
                onChange={(v) => v && setKind(v as Kind)}
                allowDeselect={false}
                data-testid="payroll-publish-kind"
              />
              <DateField label={t('admin.publishAt')} description={t('admin.publishAtHint')} value={publishAt} onChange={setPublishAt} clearable data-testid="payroll-publish-at" />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconUpload size={16} />} loading={publish.isPending} data-testid="payroll-publish">
                {t('admin.publish')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {failure && (
        <Alert color="red" withCloseButton onClose={() => setFailure(null)} closeButtonLabel={t('admin.close')} data-testid="payroll-publish-error">
          {failure}
        </Alert>
      )}
      {report && <Report report={report} />}
      <Title order={3} size="h4">
        {t('admin.batches')}
      </Title>
      {batches.isPending && <Loader size="sm" />}
      {batches.error && <Alert color="red">{payrollMessage(batches.error.message, t('loadError'))}</Alert>}
      {batches.data?.length === 0 && <Text c="dimmed">{t('admin.noBatches')}</Text>}
      {batches.data && batches.data.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover data-testid="payroll-batches">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('month')}</Table.Th>
                <Table.Th>{t('kind')}</Table.Th>
                <Table.Th>{t('admin.by')}</Table.Th>
                <Table.Th>{t('admin.at')}</Table.Th>
                <Table.Th>{t('admin.publishAt')}</Table.Th>
                <Table.Th>{t('admin.filesCount')}</Table.Th>
                <Table.Th>{t('admin.signedCount')}</Table.Th>
                <Table.Th>{t('admin.pendingCount')}</Table.Th>
                <Table.Th>{t('admin.unmatchedCount')}</Table.Th>
                <Table.Th>{t('actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {batches.data.map((b) => (
                <Table.Tr key={b.batchId} data-testid="payroll-batch" data-batch-id={b.batchId} aria-selected={b.batchId === batchId}>
                  <Table.Td>{formatMonth(b.month, language)}</Table.Td>
                  <Table.Td>{t(`kinds.${b.kind}`)}</Table.Td>
                  <Table.Td>{b.byName || b.by}</Table.Td>
                  <Table.Td>{formatDateTime(b.at, language)}</Table.Td>
                  <Table.Td>{formatDay(b.publishAt, language)}</Table.Td>
                  <Table.Td>{b.files}</Table.Td>
                  <Table.Td data-testid="payroll-batch-signed">{b.signed}</Table.Td>
                  <Table.Td data-testid="payroll-batch-pending">{b.pending}</Table.Td>
                  <Table.Td>{b.unmatched?.length ?? 0}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      aria-label={`${t('admin.signatures')} · ${formatMonth(b.month, language)}`}
                      onClick={() => setBatchId(b.batchId)}
                      data-testid="payroll-batch-open"
                    >
                      {t('admin.signatures')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {batch && <BatchDocuments batch={batch} />}
    </Stack>
  );
}

/** What a publication did: the published files with their employees, the others with why. */
function Report({ report }: { report: PublishReport }) {
  const { t } = useTranslation('payroll');
  return (
    <Paper withBorder p="md" data-testid="payroll-report">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('admin.report')}
        </Title>
        <Text fw={600} c="green" data-testid="payroll-report-published-count">
          {t('admin.published', { count: report.published.length })}
        </Text>
        {report.published.length > 0 && (
          <Table data-testid="payroll-report-published">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.employee')}</Table.Th>
                <Table.Th>{t('file')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.published.map((p) => (
                <Table.Tr key={p.documentId} data-testid="payroll-report-published-row">
                  <Table.Td>{p.employeeName}</Table.Td>
                  <Table.Td>{p.fileName}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text fw={600} c={report.unmatched.length ? 'red' : 'dimmed'} data-testid="payroll-report-unmatched-count">
          {t('admin.unmatched', { count: report.unmatched.length })}
        </Text>
        {report.unmatched.length > 0 && (
          <Table data-testid="payroll-report-unmatched">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('file')}</Table.Th>
                <Table.Th>{t('admin.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.unmatched.map((u, i) => (
                <Table.Tr key={`${u.fileName}-${i}`} data-testid="payroll-report-unmatched-row" data-reason={u.reason}>
                  <Table.Td>{u.fileName}</Table.Td>
                  <Table.Td>{unmatchedReason(u.reason)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

/** A batch's documents: who signed and who has not, the reminder and the withdrawal. */
function BatchDocuments({ batch }: { batch: Batch }) {
  const { t } = useTranslation('payroll');
  const language = useLanguageStore(selectLanguage);
  const docs = useQuery(payrollQueries.batchDocuments(batch.batchId));
  const [withdrawing, setWithdrawing] = useState<BatchDocument | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const fail = (e: unknown) => notifications.show({ color: 'red', message: payrollMessage(errorMessageKey(e, 'erro_interno'), t('error')) });
  const remind = useCommand(remindBatch, {
    onSuccess: (r) => notifications.show({ color: 'green', message: t('admin.reminded', { count: r.sent }) }),
    onError: fail,
  });
  const withdraw = useCommand(withdrawDocument, {
    invalidates: [payrollKeys.all],
    onSuccess: () => {
      setWithdrawing(null);
      notifications.show({ color: 'green', message: t('admin.withdrawn') });
    },
    onError: fail,
  });
  const confirmWithdraw = () => {
    if (!reason.trim()) {
      setReasonError(t('admin.withdrawReasonRequired'));
      return;
    }
    if (withdrawing) withdraw.mutate({ documentId: withdrawing.documentId, reason: reason.trim() });
  };

  return (
    <Paper withBorder p="md" data-testid="payroll-batch-documents">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('admin.documentsOf', { month: formatMonth(batch.month, language), kind: t(`kinds.${batch.kind}`) })}
          </Title>
          <Button
            variant="light"
            leftSection={<IconBell size={16} />}
            loading={remind.isPending}
            disabled={batch.pending === 0}
            onClick={() => remind.mutate(batch.batchId)}
            data-testid="payroll-remind"
          >
            {t('admin.remind')}
          </Button>
        </Group>
        {docs.isPending && <Loader size="sm" />}
        {docs.error && <Alert color="red">{payrollMessage(docs.error.message, t('loadError'))}</Alert>}
        {docs.data && (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.employee')}</Table.Th>
                <Table.Th>{t('file')}</Table.Th>
                <Table.Th>{t('status')}</Table.Th>
                <Table.Th>{t('actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {docs.data.map((d) => (
                <Table.Tr key={d.documentId} data-testid="payroll-batch-document" data-document-id={d.documentId}>
                  <Table.Td>{d.employeeName}</Table.Td>
                  <Table.Td>{d.fileName}</Table.Td>
                  <Table.Td>
                    {d.withdrawn ? (
                      <Badge color="red" variant="light" data-status="withdrawn" data-testid="payroll-batch-document-status" style={{ textTransform: 'none' }}>
                        {t('statusWithdrawnNoReason')}
                      </Badge>
                    ) : d.signedAt ? (
                      <Badge color="green" variant="light" data-status="signed" data-testid="payroll-batch-document-status" style={{ textTransform: 'none' }}>
                        {t('statusSigned', { date: formatDay(d.signedAt, language) })}
                      </Badge>
                    ) : (
                      <Badge color="gray" variant="light" data-status="pending" data-testid="payroll-batch-document-status" style={{ textTransform: 'none' }}>
                        {t('admin.notSigned')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {!d.withdrawn && (
                      <Button
                        size="compact-sm"
                        color="red"
                        variant="subtle"
                        aria-label={t('admin.withdrawAria', { name: d.employeeName })}
                        onClick={() => {
                          setReason('');
                          setReasonError(null);
                          setWithdrawing(d);
                        }}
                        data-testid="payroll-withdraw"
                      >
                        {t('admin.withdraw')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Modal opened={withdrawing !== null} onClose={() => setWithdrawing(null)} title={t('admin.withdrawTitle')} closeButtonProps={{ 'aria-label': t('admin.close') }} centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            confirmWithdraw();
          }}
        >
          <Stack gap="sm" data-testid="payroll-withdraw-dialog">
            <Text size="sm">{t('admin.withdrawText', { name: withdrawing?.employeeName ?? '', file: withdrawing?.fileName ?? '' })}</Text>
            <Textarea
              label={t('admin.withdrawReason')}
              value={reason}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setReasonError(null);
              }}
              error={reasonError}
              autosize
              minRows={2}
              data-autofocus
              data-testid="payroll-withdraw-reason"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setWithdrawing(null)}>
                {t('admin.cancel')}
              </Button>
              <Button type="submit" color="red" loading={withdraw.isPending} data-testid="payroll-withdraw-confirm">
                {t('admin.withdrawConfirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
