import type { Holiday, ScheduleDay } from '../api/types';
import { lastDay, within } from './dates';

/** What a day of the request calendar is for the employee. */
export interface DayMark {
  kind: 'work' | 'rest' | 'holiday';
  /** i18n key of the holiday (holiday_tenant: named by `name`). */
  holidayKey?: string;
  name?: string;
  /** Inside the chosen vacation. */
  selected: boolean;
}

/**
 * Marks the days of a month for the date picker from the employee's month schedule (rest
 * days of their work schedule and the tenant's holidays, as the server computes them) and the
 * chosen start and length.
 */
export function markDays(schedule: ScheduleDay[], start: string | null, days: number): Map<string, DayMark> {
  const end = start ? lastDay(start, days) : null;
  const out = new Map<string, DayMark>();
  for (const d of schedule) {
    out.set(d.data, {
      kind: d.tipo,
      holidayKey: d.feriado,
      name: d.nome,
      selected: Boolean(start && end && within(d.data, start, end)),
    });
  }
  return out;
}

/** The holidays of a list that fall in [from, to]. */
export function holidaysIn(list: Holiday[], from: string, to: string): Holiday[] {
  return list.filter((h) => within(h.data, from, to));
}
