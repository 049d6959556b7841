import { useState } from 'react';
import { Alert, Button, Card, FileInput, Group, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/datetime';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import { getCertificate, uploadCertificate } from '../api/certificate';
import { downloadExport } from '../api/download-export';
import { repErrorText } from '../api/errors';
import { getEstablishment } from '../api/get-establishment';
import { repKeys } from '../api/keys';
import type { ExportKind } from '../api/types';
import { EmployeeCpfForm } from '../components/EmployeeCpfForm';
import { EmployerForm } from '../components/EmployerForm';

function isoDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** HR's and the auditor's REP-P screen: the establishment, the signed AFD and AEJ exports and the certificate. */
export function RepPage() {
  const { t } = useTranslation('rep');
  const language = useLanguageStore(selectLanguage);
  const client = useQueryClient();
  const establishment = useQuery({ queryKey: repKeys.establishment, queryFn: getEstablishment, retry: false });
  const certificate = useQuery({ queryKey: repKeys.certificate, queryFn: getCertificate, retry: false });
  const today = new Date();
  const [kind, setKind] = useState<ExportKind>('afd');
  const [from, setFrom] = useState(isoDay(new Date(today.getFullYear(), today.getMonth(), 1)));
  const [to, setTo] = useState(isoDay(today));
  const [exportError, setExportError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [uploadError, setUploadError] = useState<string | null>(null);

  const exporting = useMutation({
    mutationFn: () => downloadExport(kind, establishment.data?.cnpj ?? '', from, to),
    onMutate: () => setExportError(null),
    onError: (err) => setExportError(repErrorText(err, t, t('exportFailed'))),
  });
  const uploading = useMutation({
    mutationFn: () => uploadCertificate(file as File, password),
    onMutate: () => setUploadError(null),
    onSuccess: (c) => {
      client.setQueryData(repKeys.certificate, c);
      setPassword('');
      setFile(null);
      notifications.show({ color: 'green', message: t('certificateSaved') });
    },
    onError: (err) => setUploadError(repErrorText(err, t, t('uploadFailed'))),
  });

  const cert = certificate.data;
  return (
    <Stack gap="lg" maw={720} data-testid="rep-page">
      <Title order={3}>{t('title')}</Title>
      <Card withBorder>
        <Stack gap={4}>
          <Title order={5}>{t('establishment')}</Title>
          {establishment.data ? (
            <>
              <Text data-testid="rep-establishment-name">{establishment.data.name}</Text>
              <Text size="sm" c="dimmed" data-testid="rep-establishment-ids">
                {t('cnpj', { cnpj: establishment.data.cnpj })} · {t('lastNsr', { nsr: establishment.data.lastNsr })}
              </Text>
              {/* Only HR admins read the certificate: they are the ones who may change the employer. */}
              {certificate.isSuccess && <EmployerForm key={establishment.data.cnpj} establishment={establishment.data} />}
              {certificate.isSuccess && <EmployeeCpfForm />}
            </>
          ) : (
            establishment.isError && <Text c="dimmed">{t('noEstablishment')}</Text>
          )}
        </Stack>
      </Card>

      <Card withBorder>
        <Stack>
          <Title order={5}>{t('exportTitle')}</Title>
          <SegmentedControl
            value={kind}
            onChange={(v) => setKind(v as ExportKind)}
            data={[
              { value: 'afd', label: t('afd') },
              { value: 'aej', label: t('aej') },
            ]}
            data-testid="rep-export-kind"
          />
          <Group grow>
            <TextInput type="date" label={t('from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} data-testid="rep-from" />
            <TextInput type="date" label={t('to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} data-testid="rep-to" />
          </Group>
          <Text size="xs" c="dimmed">
            {t('exportHint')}
          </Text>
          {exportError && (
            <Alert color="red" data-testid="rep-export-error">
              {exportError}
            </Alert>
          )}
          <Group>
            <Button onClick={() => exporting.mutate()} loading={exporting.isPending} disabled={!establishment.data} data-testid="rep-export">
              {t('export')}
            </Button>
          </Group>
        </Stack>
      </Card>

      <Card withBorder>
        <Stack>
          <Title order={5}>{t('certificateTitle')}</Title>
          {cert?.present ? (
            <Text size="sm" data-testid="rep-certificate">
              {t('certificateInfo', {
                subject: cert.subject,
                notAfter: cert.notAfter ? formatDateTime(cert.notAfter, language) : '',
              })}
            </Text>
          ) : (
            <Text size="sm" c="dimmed" data-testid="rep-certificate-none">
              {t('certificateNone')}
            </Text>
          )}
          <FileInput label={t('certificateFile')} accept=".pfx,.p12" value={file} onChange={setFile} clearable data-testid="rep-certificate-file" />
          <PasswordInput
            label={t('certificatePassword')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="off"
            data-testid="rep-certificate-password"
          />
          {uploadError && (
            <Alert color="red" data-testid="rep-upload-error">
              {uploadError}
            </Alert>
          )}
          <Group>
            <Button onClick={() => uploading.mutate()} loading={uploading.isPending} disabled={!file || !password} data-testid="rep-certificate-upload">
              {t('certificateUpload')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
