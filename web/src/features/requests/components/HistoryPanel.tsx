import { useState } from 'react';
import { Group, Pagination, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '@/components/QueryStatus';
import { formatDateTime } from '@/lib/datetime';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import { HISTORY_FILTERS, type HistoryFilter } from '../api/get-request-history';
import { requestQueries } from '../api/queries';
import type { Request } from '../api/types';
import { useRequestsT } from '../utils/i18n';
import { StatusBadges } from './StatusBadges';
import { requestText } from '../utils/request-title';

/**
 * The employee's earlier requests of the same type (spec §7 "history", page size 8) with the
 * history filter (all, approved, rejected).
 */
export function HistoryPanel({ request }: { request: Request }) {
  const { t } = useTranslation('common');
  const tx = useRequestsT();
  const language = useLanguageStore(selectLanguage);
  const [filter, setFilter] = useState<HistoryFilter>('all');
  const [page, setPage] = useState(1);
  const query = useQuery(requestQueries.history({ ac4Ukey: request.ac4Ukey, m01Ukey: request.subject?.m01Ukey, page, filterHandle: filter }));
  const data = query.data;

  return (
    <Stack gap="sm" data-testid="request-history">
      <SegmentedControl
        value={filter}
        onChange={(v) => {
          setFilter(v as HistoryFilter);
          setPage(1);
        }}
        data={HISTORY_FILTERS.map((f) => ({ value: f, label: tx(`history.filter.${f}`) }))}
        data-testid="request-history-filter"
      />
      <QueryStatus query={query} message={() => tx('list.loadFailed')} />
      {data?.data.length === 0 && (
        <Text c="dimmed" data-testid="empty-list">
          {t('noRecords')}
        </Text>
      )}
      {data?.data.map((r) => (
        <Group key={r.ac4Ukey} justify="space-between" data-testid="request-history-row" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {requestText(tx, language, r, r.titulo)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(r.createdAt, language)}
            </Text>
          </Stack>
          <StatusBadges approval={r.approvalStatus} delivery={r.deliveryStatus} />
        </Group>
      ))}
      {(data?.totalPages ?? 0) > 1 && <Pagination total={data?.totalPages ?? 1} value={page} onChange={setPage} size="sm" />}
    </Stack>
  );
}
