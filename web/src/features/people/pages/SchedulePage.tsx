import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { ServerError } from '@/components/ServerError';
import { getSchedule } from '../api/get-schedule';
import type { ScheduleEntry } from '../api/types';
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

/**
 * /apps/rh/escala: the caller's work schedule, fed by GET colaborador/escala month by month:
 * the strip of the current month's entries and the calendar of whatever range it shows, with
 * work days, rest days, holidays, vacations and leaves.
 */
export function SchedulePage() {
  const { t } = usePeopleT();
  const today = new Date();
  const todayIso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  const [months, setMonths] = useState<string[]>([ym(today)]);
  const [loaded, setLoaded] = useState<Record<string, ScheduleEntry[]>>({});
  const [error, setError] = useState<unknown>(undefined);

  // Each month is asked once; answers land in `loaded` while the page is shown.
  const requested = useRef(new Set<string>());
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  useEffect(() => {
    for (const m of months) {
      if (requested.current.has(m)) continue;
      requested.current.add(m);
      getSchedule(m).then(
        (entries) => alive.current && setLoaded((s) => ({ ...s, [m]: entries })),
        (e: unknown) => {
          requested.current.delete(m);
          if (alive.current) setError(e);
        },
      );
    }
  }, [months]);

  const onDates = useCallback((start: Date, end: Date) => {
    const next = monthsBetween(start, end);
    setMonths((cur) => (cur.join() === next.join() ? cur : next));
  }, []);

  // Vacations and leaves come with every month they overlap: each once.
  const entries = useMemo(() => {
    const seen = new Set<string>();
    const out: ScheduleEntry[] = [];
    for (const m of months) {
      for (const e of loaded[m] ?? []) {
        const key = `${e.array_1015}-${e.inicio}-${e.fim}`;
        if (!seen.has(key)) {
          seen.add(key);
          out.push(e);
        }
      }
    }
    return out;
  }, [months, loaded]);
  const todayMonth = ym(today);
  const strip = useMemo(() => [...(loaded[todayMonth] ?? [])].sort((a, b) => a.inicio.localeCompare(b.inicio)), [loaded, todayMonth]);

  return (
    <Stack gap="md" data-testid="schedule-page">
      <div>
        <Title order={2}>{t('title.schedule')}</Title>
        <Text c="dimmed">{t('subtitle.schedule')}</Text>
      </div>
      {error !== undefined && <ServerError error={error} />}
      <ScheduleStrip entries={strip} today={todayIso} />
      <Paper withBorder p="sm" radius="md">
        <WorkCalendar entries={entries} onDates={onDates} />
      </Paper>
    </Stack>
  );
}
