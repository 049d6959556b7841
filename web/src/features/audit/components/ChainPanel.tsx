import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { auditQueries } from '../api/queries';
import { useAuditT } from '../utils';
import { AuditStatus } from './AuditTable';

/** Recomputes the tenant's hash chains on the server and shows the first broken link. */
export function ChainPanel() {
  const { t, tr } = useAuditT();
  // Each click checks again (the chain may have been broken since).
  const [run, setRun] = useState(0);
  const { data: report, error, isFetching } = useQuery(auditQueries.chain(run));
  const b = report?.broken;
  return (
    <Stack gap="sm" data-testid="audit-chain">
      <Text size="sm">{t('chain.about')}</Text>
      <Button onClick={() => setRun((n) => n + 1)} loading={isFetching} w="fit-content" data-testid="audit-verify">
        {t('chain.verify')}
      </Button>
      <AuditStatus error={error} />
      {report && !b && (
        <Alert color="green" title={t('chain.intact')} data-testid="audit-chain-intact">
          {t('chain.checked', { events: report.events, streams: report.streams, elapsed: report.elapsed })}
        </Alert>
      )}
      {b && (
        <Alert color="red" title={t('chain.broken')} data-testid="audit-chain-broken">
          <Text size="sm">{tr(`chain.reasons.${b.reason}`)}</Text>
          <Text size="sm">{t('chain.where', { stream: b.stream, version: b.version, position: b.position || '—' })}</Text>
        </Alert>
      )}
    </Stack>
  );
}
