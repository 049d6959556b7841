import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Progress, Select, Stack, Table, Text } from '@mantine/core';
import { onLiveEvent } from '@/lib/live-stream';
import { getReplays, REPLAY_TOPIC, startReplay, type ReplayJob } from '../api/audit';
import { useAuditT } from '../utils';

const seconds = (ns: number) => Math.round(ns / 1e9);

/**
 * Rebuild a read model from the log into a shadow copy while the live one keeps serving, see
 * its progress live, then its difference from the live model.
 */
export function ReplayPanel() {
  const { t, tr, error } = useAuditT();
  const [projections, setProjections] = useState<string[]>([]);
  const [projection, setProjection] = useState<string | null>(null);
  const [job, setJob] = useState<ReplayJob | undefined>();
  const [failed, setFailed] = useState<unknown>();
  useEffect(() => {
    const c = new AbortController();
    const load = () =>
      getReplays(c.signal).then(
        (r) => {
          setProjections(r.projections);
          setProjection((p) => p ?? r.projections[0] ?? null);
          if (r.jobs[0]) setJob(r.jobs[0]);
        },
        (e) => !c.signal.aborted && setFailed(e),
      );
    void load();
    const offs = [onLiveEvent(REPLAY_TOPIC, (data) => setJob(data as ReplayJob)), onLiveEvent('resync', () => void load())];
    return () => {
      c.abort();
      for (const off of offs) off();
    };
  }, []);
  const start = async () => {
    if (!projection) return;
    try {
      setJob(await startReplay(projection));
      setFailed(undefined);
    } catch (e) {
      setFailed(e);
    }
  };
  const p = job?.progress;
  const pct = p && p.total > 0 ? Math.min(100, (100 * p.done) / p.total) : 0;
  return (
    <Stack gap="sm" data-testid="audit-replay">
      <Text size="sm">{t('replay.about')}</Text>
      <Group align="end">
        <Select
          label={t('replay.projection')}
          data={projections.map((v) => ({ value: v, label: tr(`replay.projections.${v}`) }))}
          value={projection}
          onChange={setProjection}
          allowDeselect={false}
          w={260}
          data-testid="audit-replay-projection"
        />
        <Button onClick={() => void start()} disabled={!projection || job?.state === 'running'} data-testid="audit-replay-start">
          {t('replay.start')}
        </Button>
      </Group>
      {failed !== undefined && <Alert color="red">{error(failed)}</Alert>}
      {job && p && (
        <Stack gap={6} data-testid="audit-replay-job" data-state={job.state} data-job={job.id}>
          <Group gap="xs">
            <Badge color={job.state === 'failed' ? 'red' : job.state === 'done' ? 'green' : 'blue'}>{tr(`replay.states.${job.state}`)}</Badge>
            <Text size="sm">{tr(`replay.projections.${job.projection}`)}</Text>
            <Text size="xs" c="dimmed">
              {t('replay.startedBy', { name: job.startedBy })}
            </Text>
          </Group>
          <Progress value={pct} animated={job.state === 'running'} data-testid="audit-replay-progress" />
          <Text size="sm" data-testid="audit-replay-figures">
            {t('replay.figures', { done: p.done, total: p.total, pct: Math.round(pct), rate: Math.round(p.rate), eta: seconds(p.eta) })}
          </Text>
          {job.error && <Alert color="red">{job.error}</Alert>}
          {job.state === 'done' && (
            <Table withTableBorder striped data-testid="audit-replay-diff">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('replay.table')}</Table.Th>
                  <Table.Th>{t('replay.live')}</Table.Th>
                  <Table.Th>{t('replay.shadow')}</Table.Th>
                  <Table.Th>{t('replay.missing')}</Table.Th>
                  <Table.Th>{t('replay.extra')}</Table.Th>
                  <Table.Th>{t('replay.different')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {job.diffs.map((d) => (
                  <Table.Tr key={d.table} data-testid={`audit-diff-${d.table}`}>
                    <Table.Td>
                      {d.table}
                      {d.samples.map((s) => {
                        const [kind, key] = s.split(' ', 2); // "missing|extra|different <key>"
                        return (
                          <Text key={s} size="xs" c="dimmed">
                            {tr(`replay.${kind}`)}: {key}
                          </Text>
                        );
                      })}
                    </Table.Td>
                    <Table.Td>{d.live}</Table.Td>
                    <Table.Td>{d.shadow}</Table.Td>
                    <Table.Td>{d.missing}</Table.Td>
                    <Table.Td>{d.extra}</Table.Td>
                    <Table.Td data-testid="audit-diff-different">{d.different}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Stack>
  );
}
