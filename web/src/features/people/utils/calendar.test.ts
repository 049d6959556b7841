import { describe, expect, it } from 'vitest';
import type { ScheduleEntry } from '../api/types';
import { dayAfter, isFuture, statusOf, timeRange } from './calendar';

const entry = (inicio: string, fim: string, status = 0): ScheduleEntry => ({ inicio, fim, array_1015: 1, label: 'escala_trabalho', status });

describe('work calendar rules (spec §2)', () => {
  it('maps status 1 to pending, 2 to blocked and any other to approved', () => {
    expect([1, 2, 0, 3, 9].map(statusOf)).toEqual(['pending', 'blocked', 'approved', 'approved', 'approved']);
  });

  it('keeps 06:00–18:00 unless an entry starts earlier or ends later', () => {
    expect(timeRange([])).toEqual({ min: '06:00:00', max: '18:00:00' });
    expect(timeRange([entry('2026-11-02T08:00:00', '2026-11-02T17:00:00')])).toEqual({ min: '06:00:00', max: '18:00:00' });
    expect(timeRange([entry('2026-11-02T05:30:00', '2026-11-02T19:15:00'), entry('2026-11-03T07:00:00', '2026-11-03T22:00:00')])).toEqual({
      min: '05:00:00',
      max: '22:00:00',
    });
    // All-day entries (rest days, vacations) do not widen it.
    expect(timeRange([entry('2026-11-01', '2026-11-01')])).toEqual({ min: '06:00:00', max: '18:00:00' });
  });

  it('highlights entries after today and ends all-day events the day after', () => {
    expect(isFuture(entry('2026-11-26', '2026-11-26'), '2026-11-25')).toBe(true);
    expect(isFuture(entry('2026-11-25T08:00:00', '2026-11-25T17:00:00'), '2026-11-25')).toBe(false);
    expect(dayAfter('2026-12-31')).toBe('2027-01-01');
  });
});
