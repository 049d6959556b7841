import { ActionIcon, Box, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/datetime';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import { downloadReceipt } from '../api/download-receipt';
import { getReceipts } from '../api/get-receipts';
import { repKeys } from '../api/keys';
import type { Receipt } from '../api/types';
import { repErrorText } from '../api/errors';

/** The employee's punch receipts (NSR, time, hash), newest first, each downloadable as a PDF. */
export function PunchReceipts() {
  const { t } = useTranslation('rep');
  const language = useLanguageStore(selectLanguage);
  const receipts = useQuery({ queryKey: repKeys.receipts, queryFn: getReceipts, staleTime: 0 });
  const list = receipts.data ?? [];
  const download = async (r: Receipt) => {
    try {
      await downloadReceipt(r);
    } catch (err) {
      notifications.show({ color: 'red', message: repErrorText(err, t, t('downloadFailed')) });
    }
  };
  if (list.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="rep-receipts">
      <Title order={5}>{t('receipts')}</Title>
      {list.map((r) => (
        <Box key={r.markId} data-testid="rep-receipt">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text size="sm" fw={600}>
                {formatDateTime(r.markedAt, language)}
              </Text>
              <Text size="xs" c="dimmed" data-testid="rep-receipt-nsr">
                {t('nsr', { nsr: String(r.nsr).padStart(9, '0') })}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace" title={r.hash}>
                {t('hash', { hash: `${r.hash.slice(0, 16)}…` })}
              </Text>
            </div>
            <Tooltip label={t('downloadReceipt')}>
              <ActionIcon variant="light" aria-label={t('downloadReceipt')} onClick={() => void download(r)} data-testid="rep-receipt-download">
                <IconDownload size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Box>
      ))}
    </Stack>
  );
}
