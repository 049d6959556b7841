import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Progress, Select, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCommand } from '@/lib/query';
import { startReplay, type ReplayJob } from '../api/audit';
import { auditKeys } from '../api/keys';
import { auditQueries } from '../api/queries';
import { useAuditT } from '../utils';
import { AuditRow, AuditStatus, AuditTable } from './AuditTable';

const seconds = (ns: number) => Math.round(ns / 1e9);

/** A job's progress, its figures and, once done, its difference from the live model. */
function ReplayJobView({ job }: { job: ReplayJob }) {
  const { t, tr, tableLabel } = useAuditT();
  const p = job.progress;
  // The server reports a total of 0 while it is still counting the events: no bar and no
  // percentage until then, which would read "0 of 0" or "4,850 of 4,850 (100 %)".
  const counting = job.state === 'running' && p.total === 0;
  const pct = p.total > 0 ? Math.min(100, (100 * p.done) / p.total) : job.state === 'done' ? 100 : 0;
  return (
    <Stack gap={6} data-testid="audit-replay-job" data-state={job.state} data-job={job.id}>
      <Group gap="xs">
        <Badge color={job.state === 'failed' ? 'red' : job.state === 'done' ? 'green' : 'blue'}>{tr(`replay.states.${job.state}`)}</Badge>
        <Text size="sm">{tr(`replay.projections.${job.projection}`)}</Text>
        <Text size="xs" c="dimmed">
          {t('replay.startedBy', { name: job.startedBy })}
        </Text>
      </Group>
      {counting ? (
        <Group gap="xs" data-testid="audit-replay-counting">
          <Loader size="xs" type="dots" />
          <Text size="sm" data-testid="audit-replay-figures">
            {t('replay.counting', { done: p.done })}
          </Text>
        </Group>
      ) : (
        <>
          <Progress
            value={pct}
            animated={job.state === 'running'}
            aria-label={tr(`replay.projections.${job.projection}`)}
            data-testid="audit-replay-progress"
          />
          <Text size="sm" data-testid="audit-replay-figures">
            {t('replay.figures', { done: p.done, total: p.total, pct: Math.round(pct), rate: Math.round(p.rate), eta: seconds(p.eta) })}
          </Text>
        </>
      )}
      {job.error && <Alert color="red">{job.error}</Alert>}
      {job.state === 'done' && (
        <AuditTable
          striped
          data-testid="audit-replay-diff"
          head={[t('replay.table'), t('replay.live'), t('replay.shadow'), t('replay.missing'), t('replay.extra'), t('replay.different')]}
        >
          {job.diffs.map((d) => (
            <AuditRow
              key={d.table}
              testId={`audit-diff-${d.table}`}
              cells={[
                <>
                  <span title={d.table}>{tableLabel(d.table)}</span>
                  {d.samples.map((s) => {
                    const [kind, key] = s.split(' ', 2); // "missing|extra|different <key>"
                    return (
                      <Text key={s} size="xs" c="dimmed">
                        {tr(`replay.${kind}`)}: {key}
                      </Text>
                    );
                  })}
                </>,
                d.live,
                d.shadow,
                d.missing,
                d.extra,
                <span data-testid="audit-diff-different">{d.different}</span>,
              ]}
            />
          ))}
        </AuditTable>
      )}
    </Stack>
  );
}

/**
 * Rebuild a read model from the log into a shadow copy while the live one keeps serving, see
 * its progress live (the `audit.replay` push writes it into the job's query), then its
 * difference from the live model.
 */
export function ReplayPanel() {
  const { t, tr } = useAuditT();
  const client = useQueryClient();
  const list = useQuery(auditQueries.replays());
  const { data: job } = useQuery(auditQueries.replayJob());
  const [picked, setPicked] = useState<string | null>(null);
  const projections = list.data?.projections ?? [];
  const projection = picked ?? projections[0] ?? null;
  const start = useCommand(startReplay, { onSuccess: (started) => client.setQueryData(auditKeys.replayJob, started) });
  return (
    <Stack gap="sm" data-testid="audit-replay">
      <Text size="sm">{t('replay.about')}</Text>
      <Group align="end">
        <Select
          label={t('replay.projection')}
          data={projections.map((v) => ({ value: v, label: tr(`replay.projections.${v}`) }))}
          value={projection}
          onChange={setPicked}
          allowDeselect={false}
          w={260}
          data-testid="audit-replay-projection"
        />
        <Button
          onClick={() => projection && start.mutate(projection)}
          disabled={!projection || job?.state === 'running'}
          data-testid="audit-replay-start"
        >
          {t('replay.start')}
        </Button>
      </Group>
      <AuditStatus error={start.error ?? list.error} />
      {job?.progress && <ReplayJobView job={job} />}
    </Stack>
  );
}
