import { useState } from 'react';
import { Badge, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DateField } from '@/components/DateField';
import type { AuditSubject } from '../api/audit';
import { auditQueries, type AsOfRun } from '../api/queries';
import { useAuditT } from '../utils';
import { AuditRow, AuditStatus, AuditTable } from './AuditTable';

/** A local datetime-local value (YYYY-MM-DDTHH:mm) for d. */
function localInput(d: Date) {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A state (field → value) as a table, or "nothing" when it is empty. */
function StateTable({ title, state, testId }: { title: string; state: Record<string, string>; testId: string }) {
  const { t, fieldLabel, value } = useAuditT();
  const fields = Object.keys(state).sort();
  return (
    <Stack gap={4} data-testid={testId}>
      <Title order={5}>{title}</Title>
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('asOf.nothing')}
        </Text>
      ) : (
        <AuditTable verticalSpacing={4}>
          {fields.map((k) => (
            <AuditRow key={k} cells={[fieldLabel(k), value(state[k])]} />
          ))}
        </AuditTable>
      )}
    </Stack>
  );
}

/**
 * "As of": the subject's state at an instant, rebuilt by the server from the events recorded
 * until then with the product's own domain code, beside the state now and what changed.
 */
export function AsOfPanel({ subject }: { subject: AuditSubject }) {
  const { t, fieldLabel, value, when } = useAuditT();
  const [at, setAt] = useState(() => localInput(new Date(Date.now() - 24 * 3600_000)));
  const [day, setDay] = useState(() => new Date().toISOString().slice(0, 10));
  // What the last click asked for (each click reads again).
  const [ask, setAsk] = useState<AsOfRun | undefined>();
  const { data, error, isFetching } = useQuery({ ...auditQueries.asOf(subject, ask), placeholderData: keepPreviousData });
  const run = () => setAsk((old) => ({ at, day: subject.kind === 'punches' ? day : undefined, run: (old?.run ?? 0) + 1 }));
  return (
    <Stack gap="sm" data-testid="audit-asof">
      <Group align="end">
        <TextInput type="datetime-local" label={t('asOf.at')} value={at} onChange={(e) => setAt(e.currentTarget.value)} data-testid="audit-asof-at" />
        {subject.kind === 'punches' && <DateField label={t('asOf.day')} value={day} onChange={setDay} data-testid="audit-asof-day" />}
        <Button onClick={run} loading={isFetching} data-testid="audit-asof-run">
          {t('asOf.run')}
        </Button>
      </Group>
      <AuditStatus error={error} testId="audit-asof-error" />
      {data && !error && (
        <>
          <Text size="sm" data-testid="audit-asof-summary">
            {t('asOf.summary', { at: when(data.at), then: data.eventsThen, now: data.eventsNow })}
          </Text>
          <Title order={5}>{t('asOf.changes')}</Title>
          {data.changes.length === 0 ? (
            <Badge color="green" variant="light" data-testid="audit-asof-same">
              {t('asOf.same')}
            </Badge>
          ) : (
            <AuditTable striped head={[t('asOf.field'), t('asOf.then'), t('asOf.now')]} data-testid="audit-asof-changes">
              {data.changes.map((c) => (
                <AuditRow key={c.field} cells={[fieldLabel(c.field), value(c.then) || '—', value(c.now) || '—']} />
              ))}
            </AuditTable>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <StateTable title={t('asOf.thenState')} state={data.then} testId="audit-asof-then" />
            <StateTable title={t('asOf.nowState')} state={data.current} testId="audit-asof-now" />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
