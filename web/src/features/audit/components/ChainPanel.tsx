import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { verifyChain, type ChainReport } from '../api/audit';
import { useAuditT } from '../utils';

/** Recomputes the tenant's hash chains on the server and shows the first broken link. */
export function ChainPanel() {
  const { t, tr, error } = useAuditT();
  const [report, setReport] = useState<ChainReport | undefined>();
  const [failed, setFailed] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      setReport(await verifyChain());
      setFailed(undefined);
    } catch (e) {
      setFailed(e);
    } finally {
      setBusy(false);
    }
  };
  const b = report?.broken;
  return (
    <Stack gap="sm" data-testid="audit-chain">
      <Text size="sm">{t('chain.about')}</Text>
      <Button onClick={() => void run()} loading={busy} w="fit-content" data-testid="audit-verify">
        {t('chain.verify')}
      </Button>
      {failed !== undefined && <Alert color="red">{error(failed)}</Alert>}
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
