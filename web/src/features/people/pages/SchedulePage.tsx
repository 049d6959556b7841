import { useCallback, useMemo, useState } from 'react';
import { Paper } from '@mantine/core';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { ServerError } from '@/components/ServerError';
import { peopleQueries } from '../api/queries';
import type { ScheduleEntry } from '../api/types';
import { PageShell } from '../components/PageShell';
import { ScheduleStrip } from '../components/ScheduleStrip';
import { WorkCalendar } from '../components/WorkCalendar';
import { usePeopleT } from '../utils/i18n';

function ym(d: Date): string {
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}`;
}

/** The months (YYYYMM) a calendar view from start to end (exclusive) touches. */
export function monthsBetween(start: Date, end: Date): string[] {
  const out: string[] = [];
  const d = new Date(start.getFullYear(), start.getMonth(), 1);
  const last = new Date(end.getTime() - 1);
  while (d <= last) {
    out.push(ym(d));
    d.setMonth(d.getMonth() + 1);
  }
  return out;
}

/** The entries of several months, each once (vacations and leaves come with every month they overlap). */
export function mergeMonths(months: readonly (readonly ScheduleEntry[] | undefined)[]): ScheduleEntry[] {
  const seen = new Set<string>();
  const out: ScheduleEntry[] = [];
  for (const e of months.flatMap((m) => m ?? [])) {
    const key = `${e.array_1015}-${e.inicio}-${e.fim}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(e);
    }
  }
  return out;
}

/** The months' answers as they stand, and the first failure (a stable function: results change, it reruns). */
function combineMonths(results: UseQueryResult<ScheduleEntry[]>[]) {
  return { data: results.map((r) => r.data), error: results.find((r) => r.error)?.error };
}

/**
 * /apps/rh/escala: the caller's work schedule, fed by GET colaborador/escala month by month:
 * the strip of the current month's entries and the calendar of whatever range it shows, with
 * work days, rest days, holidays, vacations and leaves.
 */
export function SchedulePage() {
  const { t } = usePeopleT();
  const today = new Date();
  const todayIso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  const todayMonth = ym(today);
  const [months, setMonths] = useState<string[]>([todayMonth]);

  // Each month is one query: asked once, kept while the calendar moves back and forth.
  const shown = useQueries({
    queries: months.map((m) => peopleQueries.schedule(m)),
    combine: combineMonths,
  });
  const current = useQuery(peopleQueries.schedule(todayMonth));

  const onDates = useCallback((start: Date, end: Date) => {
    const next = monthsBetween(start, end);
    setMonths((cur) => (cur.join() === next.join() ? cur : next));
  }, []);

  const entries = useMemo(() => mergeMonths(shown.data), [shown.data]);
  const strip = useMemo(() => [...(current.data ?? [])].sort((a, b) => a.inicio.localeCompare(b.inicio)), [current.data]);
  const error = shown.error ?? current.error;

  return (
    <PageShell testId="schedule-page" title={t('title.schedule')} subtitle={t('subtitle.schedule')}>
      {error && <ServerError error={error} />}
      <ScheduleStrip entries={strip} today={todayIso} />
      <Paper withBorder p="sm" radius="md">
        <WorkCalendar entries={entries} onDates={onDates} />
      </Paper>
    </PageShell>
  );
}
