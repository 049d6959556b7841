import type { ScheduleEntry } from '../api/types';

// The work calendar's rules (spec portal-business §2 "Schedule strip and calendar"): business
// hours 08:00–18:00 Monday to Friday; status 1 pending, 2 blocked, any other approved, each
// with its colour and icon; the day's time range 06:00–18:00 widened to the earliest start and
// the latest end.

export const BUSINESS_HOURS = { daysOfWeek: [1, 2, 3, 4, 5], startTime: '08:00', endTime: '18:00' };
export const DEFAULT_RANGE = { min: '06:00:00', max: '18:00:00' };

export type EventStatus = 'pending' | 'blocked' | 'approved';

export function statusOf(status: number): EventStatus {
  if (status === 1) return 'pending';
  if (status === 2) return 'blocked';
  return 'approved';
}

export const STATUS_COLOR: Record<EventStatus, string> = { pending: 'yellow', blocked: 'gray', approved: 'teal' };

/** The colour of a strip entry by its kind (array 1015). */
export const KIND_COLOR: Record<number, string> = { 1: 'blue', 2: 'gray', 3: 'red', 4: 'teal', 5: 'orange' };

function timeOf(iso: string): string | null {
  const m = /T(\d{2}):(\d{2})/.exec(iso);
  return m ? `${m[1]}:${m[2]}:00` : null;
}

/** The calendar's time range: 06:00–18:00, widened to whole hours around the entries' times. */
export function timeRange(entries: ScheduleEntry[]): { min: string; max: string } {
  let { min, max } = DEFAULT_RANGE;
  for (const e of entries) {
    const start = timeOf(e.inicio);
    const end = timeOf(e.fim);
    if (start && start < min) min = `${start.slice(0, 2)}:00:00`;
    if (end && end > max) max = end.slice(3, 5) === '00' ? end : `${String(Number(end.slice(0, 2)) + 1).padStart(2, '0')}:00:00`;
  }
  return { min, max };
}

/** Whether an entry lies after today (the strip highlights the future). */
export function isFuture(e: ScheduleEntry, today: string): boolean {
  return e.inicio.slice(0, 10) > today;
}

/** The day after a date (FullCalendar's all-day ends are exclusive). */
export function dayAfter(iso: string): string {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
