import { useState } from 'react';
import { Button, Group, MultiSelect, Pagination, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { DateField } from '@/components/DateField';
import { downloadTimelineCsv, TIMELINE_PAGE_SIZE, type AuditSubject, type TimelineFilter } from '../api/audit';
import { auditQueries } from '../api/queries';
import { useAuditT } from '../utils';
import { AuditRow, AuditStatus, AuditTable } from './AuditTable';

/**
 * The subject's events, oldest first: when, what, who (for whom) and the event's data. The
 * page mounts it anew for each subject, so the filter starts empty.
 */
export function Timeline({ subject }: { subject: AuditSubject }) {
  const { t, typeLabel, dataLabel, when } = useAuditT();
  const [filter, setFilter] = useState<TimelineFilter>({ page: 1 });
  const { data, error, isPending } = useQuery(auditQueries.timeline(subject, filter));
  const csv = useMutation({ mutationFn: () => downloadTimelineCsv(subject, filter) });
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
        <DateField label={t('timeline.from')} value={filter.from ?? ''} onChange={(from) => change({ from })} clearable data-testid="audit-from" />
        <DateField label={t('timeline.to')} value={filter.to ?? ''} onChange={(to) => change({ to })} clearable data-testid="audit-to" />
        <Button variant="light" onClick={() => csv.mutate()} data-testid="audit-csv">
          {t('timeline.csv')}
        </Button>
      </Group>
      <AuditStatus error={error ?? csv.error} pending={isPending} />
      {data && (
        <>
          <Text size="sm" c="dimmed" data-testid="audit-total">
            {t('timeline.total', { count: data.total })}
          </Text>
          <AuditTable striped verticalSpacing="xs" head={[t('timeline.at'), t('timeline.event'), t('timeline.by'), t('timeline.data')]}>
            {data.items.map((it) => (
              <AuditRow
                key={it.position}
                testId="audit-event"
                cells={[
                  <span style={{ whiteSpace: 'nowrap' }}>{when(it.at)}</span>,
                  <>
                    <Text size="sm" fw={500}>
                      {typeLabel(it.type)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {it.stream} #{it.version}
                    </Text>
                  </>,
                  <>
                    <Text size="sm">{it.actorName || it.actor || t('timeline.system')}</Text>
                    {it.onBehalfOf && (
                      <Text size="xs" c="dimmed">
                        {t('timeline.onBehalfOf', { name: it.onBehalfOf })}
                      </Text>
                    )}
                  </>,
                  // Labels in the language, not the data's paths; long values (ids, hashes)
                  // wrap inside the column instead of pushing it out of the page.
                  it.fields.slice(0, 12).map((f) => (
                    <Text key={f.name} size="xs" style={{ overflowWrap: 'anywhere' }} data-testid="audit-event-field" title={f.name}>
                      <Text span c="dimmed" size="xs">
                        {dataLabel(f.name)}:
                      </Text>{' '}
                      {f.value}
                    </Text>
                  )),
                ]}
              />
            ))}
          </AuditTable>
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
