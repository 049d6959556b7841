import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, MultiSelect, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { downloadTimelineCsv, getTimeline, TIMELINE_PAGE_SIZE, type AuditSubject, type TimelineFilter } from '../api/audit';
import { useAuditLoad, useAuditT } from '../utils';

/** The subject's events, oldest first: when, what, who (for whom) and the event's data. */
export function Timeline({ subject }: { subject: AuditSubject }) {
  const { t, typeLabel, when, error } = useAuditT();
  const [filter, setFilter] = useState<TimelineFilter>({ page: 1 });
  useEffect(() => setFilter({ page: 1 }), [subject.kind, subject.id]);
  const { data, failed, setFailed } = useAuditLoad(
    (signal) => getTimeline(subject, filter, signal),
    `${subject.kind}/${subject.id}/${JSON.stringify(filter)}`,
    true,
  );
  const change = (f: Partial<TimelineFilter>) => setFilter((old) => ({ ...old, ...f, page: f.page ?? 1 }));
  return (
    <Stack gap="sm" data-testid="audit-timeline">
      <Group align="end" wrap="wrap">
        <MultiSelect
          label={t('timeline.types')}
          data={(data?.types ?? filter.type ?? []).map((v) => ({ value: v, label: typeLabel(v) }))}
          value={filter.type ?? []}
          onChange={(type) => change({ type })}
          clearable
          w={320}
          data-testid="audit-type-filter"
        />
        <TextInput type="date" label={t('timeline.from')} value={filter.from ?? ''} onChange={(e) => change({ from: e.currentTarget.value })} data-testid="audit-from" />
        <TextInput type="date" label={t('timeline.to')} value={filter.to ?? ''} onChange={(e) => change({ to: e.currentTarget.value })} data-testid="audit-to" />
        <Button variant="light" onClick={() => void downloadTimelineCsv(subject, filter).catch(setFailed)} data-testid="audit-csv">
          {t('timeline.csv')}
        </Button>
      </Group>
      {failed !== undefined && <Alert color="red">{error(failed)}</Alert>}
      {!data && failed === undefined && <Loader />}
      {data && (
        <>
          <Text size="sm" c="dimmed" data-testid="audit-total">
            {t('timeline.total', { count: data.total })}
          </Text>
          <Table striped withTableBorder verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('timeline.at')}</Table.Th>
                <Table.Th>{t('timeline.event')}</Table.Th>
                <Table.Th>{t('timeline.by')}</Table.Th>
                <Table.Th>{t('timeline.data')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((it) => (
                <Table.Tr key={it.position} data-testid="audit-event">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(it.at)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {typeLabel(it.type)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {it.stream} #{it.version}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{it.actorName || it.actor || t('timeline.system')}</Text>
                    {it.onBehalfOf && (
                      <Text size="xs" c="dimmed">
                        {t('timeline.onBehalfOf', { name: it.onBehalfOf })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {it.fields.slice(0, 12).map((f) => (
                      <Text key={f.name} size="xs">
                        <Text span c="dimmed" size="xs">
                          {f.name}:
                        </Text>{' '}
                        {f.value}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {data.total > TIMELINE_PAGE_SIZE && (
            <Pagination
              total={Math.ceil(data.total / TIMELINE_PAGE_SIZE)}
              value={data.page}
              onChange={(page) => setFilter((old) => ({ ...old, page }))}
              data-testid="audit-pages"
            />
          )}
        </>
      )}
    </Stack>
  );
}
