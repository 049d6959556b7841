import { useState } from 'react';
import { Alert, Badge, Button, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { getAsOf, type AsOf, type AuditSubject } from '../api/audit';
import { useAuditT } from '../utils';

/** A local datetime-local value (YYYY-MM-DDTHH:mm) for d. */
function localInput(d: Date) {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/**
 * "As of": the subject's state at an instant, rebuilt by the server from the events recorded
 * until then with the product's own domain code, beside the state now and what changed.
 */
export function AsOfPanel({ subject }: { subject: AuditSubject }) {
  const { t, fieldLabel, value, when, error } = useAuditT();
  const [at, setAt] = useState(() => localInput(new Date(Date.now() - 24 * 3600_000)));
  const [day, setDay] = useState(() => new Date().toISOString().slice(0, 10));
  const [data, setData] = useState<AsOf | undefined>();
  const [failed, setFailed] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const instant = new Date(at);
      setData(await getAsOf(subject, Number.isNaN(instant.getTime()) ? at : instant.toISOString(), subject.kind === 'punches' ? day : undefined));
      setFailed(undefined);
    } catch (e) {
      setData(undefined);
      setFailed(e);
    } finally {
      setBusy(false);
    }
  };
  const state = (title: string, s: Record<string, string>, testId: string) => (
    <Stack gap={4} data-testid={testId}>
      <Title order={5}>{title}</Title>
      {Object.keys(s).length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('asOf.nothing')}
        </Text>
      ) : (
        <Table withTableBorder verticalSpacing={4}>
          <Table.Tbody>
            {Object.keys(s)
              .sort()
              .map((k) => (
                <Table.Tr key={k}>
                  <Table.Td>{fieldLabel(k)}</Table.Td>
                  <Table.Td>{value(s[k])}</Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
  return (
    <Stack gap="sm" data-testid="audit-asof">
      <Group align="end">
        <TextInput type="datetime-local" label={t('asOf.at')} value={at} onChange={(e) => setAt(e.currentTarget.value)} data-testid="audit-asof-at" />
        {subject.kind === 'punches' && (
          <TextInput type="date" label={t('asOf.day')} value={day} onChange={(e) => setDay(e.currentTarget.value)} data-testid="audit-asof-day" />
        )}
        <Button onClick={() => void run()} loading={busy} data-testid="audit-asof-run">
          {t('asOf.run')}
        </Button>
      </Group>
      {failed !== undefined && (
        <Alert color="red" data-testid="audit-asof-error">
          {error(failed)}
        </Alert>
      )}
      {data && (
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
            <Table withTableBorder striped data-testid="audit-asof-changes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('asOf.field')}</Table.Th>
                  <Table.Th>{t('asOf.then')}</Table.Th>
                  <Table.Th>{t('asOf.now')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.changes.map((c) => (
                  <Table.Tr key={c.field}>
                    <Table.Td>{fieldLabel(c.field)}</Table.Td>
                    <Table.Td>{value(c.then) || '—'}</Table.Td>
                    <Table.Td>{value(c.now) || '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {state(t('asOf.thenState'), data.then, 'audit-asof-then')}
            {state(t('asOf.nowState'), data.current, 'audit-asof-now')}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
