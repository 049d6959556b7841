import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Loader, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconEye, IconInfoCircle, IconSignature } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FileViewer, type ViewerFile } from '@/features/files';
import { ConfirmPasswordDialog } from '@/features/timesheet/components/ConfirmPasswordDialog';
import { api, errorMessageKey } from '@/lib/api';
import { formatDay } from '@/lib/datetime';
import { saveBlob } from '@/lib/download';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import { useCommand } from '@/lib/query';
import { contentUrl, downloadName, downloadUrl, payrollKeys, payrollQueries, signDocument, type Kind, type PayrollDocument } from '../api/payroll';
import { formatMonth, newestFirst, payrollMessage } from '../utils';

/** The refusals of a wrong password, shown on the dialog's field (as the timesheet does). */
const PASSWORD_KEYS = ['senha_incorreta', 'senha_obrigatoria'];

/** Which documents a page lists: the statements (rh_002_01) or the income report (rh_002_02). */
export type Scope = 'statements' | 'income';
const STATEMENT_KINDS: Kind[] = ['payslip', 'thirteenth', 'vacation_receipt', 'other'];

/**
 * /apps/rh/demonstrativos and /apps/rh/informe: the caller's own documents of a year, newest
 * competence first, opened in the file viewer, downloaded protected by the first 4 digits of
 * the CPF, and acknowledged with the password (AssinaturaEletronica) when assina_holerite is on.
 */
export function DocumentsPage({ scope }: { scope: Scope }) {
  const { t } = useTranslation('payroll');
  const language = useLanguageStore(selectLanguage);
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const [kind, setKind] = useState<string>(scope === 'income' ? 'income_report' : '');
  const [viewing, setViewing] = useState<number | null>(null);
  const [signing, setSigning] = useState<PayrollDocument | null>(null);
  const [signError, setSignError] = useState<string | null>(null);

  // The income report opens on the newest year that has one, not the newest payslip's year.
  const years = useQuery(payrollQueries.years(scope === 'income' ? 'income_report' : ''));
  const year = chosenYear ?? years.data?.[0] ?? null;
  const docs = useQuery(payrollQueries.documents(year, kind));
  const rows = useMemo(
    () => newestFirst((docs.data ?? []).filter((d) => (scope === 'income' ? d.kind === 'income_report' : d.kind !== 'income_report'))),
    [docs.data, scope],
  );
  // The viewer walks through the documents that can be opened (a withdrawn one answers 410).
  const openable = rows.filter((d) => !d.withdrawn);
  const files: ViewerFile[] = openable.map((d) => ({
    name: `${t(`kinds.${d.kind}`)} ${formatMonth(d.month, language)} — ${d.fileName}`,
    url: contentUrl(d.documentId),
    contentType: d.contentType,
    downloadUrl: downloadUrl(d.documentId),
    downloadName: downloadName(d),
  }));

  const sign = useCommand(signDocument, {
    invalidates: [payrollKeys.all],
    onMutate: () => setSignError(null),
    onSuccess: () => {
      setSigning(null);
      notifications.show({ color: 'green', message: t('signedOk') });
    },
    onError: (e) => {
      const key = errorMessageKey(e, 'erro_interno');
      if (PASSWORD_KEYS.includes(key)) setSignError(key);
      else {
        setSigning(null);
        notifications.show({ color: 'red', message: payrollMessage(key, t('error')) });
      }
    },
  });

  const download = async (d: PayrollDocument) => {
    try {
      saveBlob(await api.blob(downloadUrl(d.documentId)), downloadName(d));
    } catch (e) {
      notifications.show({ color: 'red', message: payrollMessage(errorMessageKey(e, 'erro_interno'), t('error')) });
    }
  };

  const hint = (
    <Alert variant="light" color="blue" icon={<IconInfoCircle size={16} />} p="xs" data-testid="payroll-password-hint">
      {t('passwordHint')}
    </Alert>
  );

  return (
    <Stack gap="md" data-testid="payroll-page" data-scope={scope}>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{scope === 'income' ? t('incomeTitle') : t('statementsTitle')}</Title>
        <Group align="flex-end">
          {(years.isFetching || docs.isFetching) && <Loader size="xs" aria-hidden />}
          <Select
            label={t('year')}
            data={(years.data ?? []).map(String)}
            value={year === null ? null : String(year)}
            onChange={(v) => v && setChosenYear(Number(v))}
            allowDeselect={false}
            disabled={years.data?.length === 0}
            w={110}
            data-testid="payroll-year"
          />
          {scope === 'statements' && (
            <Select
              label={t('kind')}
              data={[{ value: '', label: t('allKinds') }, ...STATEMENT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))]}
              value={kind}
              onChange={(v) => setKind(v ?? '')}
              allowDeselect={false}
              w={200}
              data-testid="payroll-kind"
            />
          )}
        </Group>
      </Group>
      {hint}
      {(years.error || docs.error) && (
        <Alert color="red" data-testid="payroll-error">
          {payrollMessage((years.error ?? docs.error)?.message, t('loadError'))}
        </Alert>
      )}
      {years.data && years.data.length === 0 && (
        <Text c="dimmed" data-testid="payroll-empty">
          {t('noYears')}
        </Text>
      )}
      {docs.data && rows.length === 0 && (years.data?.length ?? 0) > 0 && (
        <Text c="dimmed" data-testid="payroll-empty">
          {t('empty')}
        </Text>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover data-testid="payroll-documents">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('month')}</Table.Th>
                <Table.Th>{t('kind')}</Table.Th>
                <Table.Th>{t('file')}</Table.Th>
                <Table.Th>{t('status')}</Table.Th>
                <Table.Th>{t('actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr key={d.documentId} data-testid="payroll-document" data-document-id={d.documentId} data-month={d.month}>
                  <Table.Td>{formatMonth(d.month, language)}</Table.Td>
                  <Table.Td>{t(`kinds.${d.kind}`)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" truncate maw={260}>
                      {d.fileName}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusChip d={d} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={t('open', { name: d.fileName })}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('open', { name: d.fileName })}
                          disabled={d.withdrawn}
                          onClick={() => setViewing(openable.indexOf(d))}
                          data-testid="payroll-open"
                        >
                          <IconEye size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('download', { name: d.fileName })}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('download', { name: d.fileName })}
                          disabled={d.withdrawn}
                          onClick={() => void download(d)}
                          data-testid="payroll-download"
                        >
                          <IconDownload size={18} />
                        </ActionIcon>
                      </Tooltip>
                      {d.canSign && (
                        <Button
                          size="compact-sm"
                          leftSection={<IconSignature size={14} />}
                          aria-label={t('signAria', { name: d.fileName })}
                          onClick={() => {
                            setSignError(null);
                            setSigning(d);
                          }}
                          data-testid="payroll-sign"
                        >
                          {t('sign')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <FileViewer
        files={files}
        index={viewing ?? 0}
        onIndexChange={setViewing}
        opened={viewing !== null && viewing >= 0}
        onClose={() => setViewing(null)}
        describeError={(key) => payrollMessage(key, '') || undefined}
        hint={hint}
      />
      <ConfirmPasswordDialog
        opened={signing !== null}
        busy={sign.isPending}
        error={signError}
        onCancel={() => setSigning(null)}
        onContinue={(senha) => signing && sign.mutate({ documentId: signing.documentId, senha })}
      />
    </Stack>
  );
}

/** new / signed on <date> / withdrawn with the reason. */
function StatusChip({ d }: { d: PayrollDocument }) {
  const { t } = useTranslation('payroll');
  const language = useLanguageStore(selectLanguage);
  if (d.withdrawn) {
    return (
      <Badge color="red" variant="light" data-testid="payroll-status" data-status="withdrawn" style={{ textTransform: 'none' }}>
        {d.withdrawReason ? t('statusWithdrawn', { reason: d.withdrawReason }) : t('statusWithdrawnNoReason')}
      </Badge>
    );
  }
  if (d.signedAt) {
    return (
      <Badge color="green" variant="light" data-testid="payroll-status" data-status="signed" style={{ textTransform: 'none' }}>
        {t('statusSigned', { date: formatDay(d.signedAt, language) })}
      </Badge>
    );
  }
  return (
    <Badge color="blue" variant="light" data-testid="payroll-status" data-status="new" style={{ textTransform: 'none' }}>
      {t('statusNew')}
    </Badge>
  );
}
