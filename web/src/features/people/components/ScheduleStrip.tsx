import { Badge, Group, ScrollArea, Text } from '@mantine/core';
import type { ScheduleEntry } from '../api/types';
import { isFuture, KIND_COLOR } from '../utils/calendar';
import { entryTitle } from '../utils/entry-title';
import { formatDay } from '../utils/format';
import { usePeopleT } from '../utils/i18n';

/**
 * The schedule strip (spec portal-business §2): the entries (array 1015) in order, each with
 * its dates and label; entries after today are highlighted (filled), past ones muted
 * (light: a faded badge would read under 4.5:1, issue 37).
 */
export function ScheduleStrip({ entries, today }: { entries: ScheduleEntry[]; today: string }) {
  const { tr, i18n } = usePeopleT();
  if (entries.length === 0) return null;
  return (
    <ScrollArea type="auto" offsetScrollbars data-testid="schedule-strip" viewportProps={{ tabIndex: 0 }}>
      <Group gap={6} wrap="nowrap" pb={4}>
        {entries.map((e) => {
          const future = isFuture(e, today);
          const start = formatDay(e.inicio, i18n.language);
          const end = formatDay(e.fim, i18n.language);
          return (
            <Badge
              key={`${e.array_1015}-${e.inicio}-${e.fim}`}
              color={KIND_COLOR[e.array_1015] ?? 'blue'}
              variant={future ? 'filled' : 'light'}
              size="lg"
              radius="sm"
              style={{ flexShrink: 0, textTransform: 'none' }}
              data-testid="strip-entry"
              data-future={future || undefined}
              data-kind={e.array_1015}
            >
              <Text span size="xs" fw={600}>
                {start === end ? start : `${start} – ${end}`}
              </Text>{' '}
              <Text span size="xs">
                {entryTitle(e, tr)}
              </Text>
            </Badge>
          );
        })}
      </Group>
    </ScrollArea>
  );
}
