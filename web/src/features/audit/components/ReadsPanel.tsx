import { useState } from 'react';
import { Pagination, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { auditQueries } from '../api/queries';
import { useAuditT } from '../utils';
import { AuditRow, AuditStatus, AuditTable } from './AuditTable';

/** Who looked at what in the audit area, and when (newest first). */
export function ReadsPanel() {
  const { t, tr, has, when } = useAuditT();
  const [page, setPage] = useState(1);
  const { data, error } = useQuery(auditQueries.reads(page));
  if (!data) return <AuditStatus error={error} pending />;
  return (
    <Stack gap="sm" data-testid="audit-reads">
      <Text size="sm" c="dimmed">
        {t('reads.about')}
      </Text>
      <AuditTable striped head={[t('reads.at'), t('reads.who'), t('reads.what'), t('reads.status')]}>
        {data.items.map((r, i) => (
          <AuditRow
            key={`${r.at}-${i}`}
            testId="audit-read"
            cells={[
              when(r.at),
              r.name || r.user,
              <>
                {tr(`reads.views.${r.view}`)}
                {r.kind && ` · ${tr(`kinds.${r.kind}`)}`}
                {r.query && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    {r.query}
                  </Text>
                )}
              </>,
              // Refused calls are recorded too; reads recorded before the status was have none.
              r.status ? (
                <Text span size="sm" c={r.status >= 400 ? 'red' : undefined} data-testid="audit-read-status" data-status={r.status}>
                  {has(`reads.statuses.${r.status}`) ? tr(`reads.statuses.${r.status}`) : tr('reads.statuses.other', { status: r.status })}
                </Text>
              ) : (
                ''
              ),
            ]}
          />
        ))}
      </AuditTable>
      {data.total > 50 && <Pagination total={Math.ceil(data.total / 50)} value={page} onChange={setPage} />}
    </Stack>
  );
}
