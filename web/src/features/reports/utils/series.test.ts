import { describe, expect, it } from 'vitest';
import type { MoodRow } from '../api/types';
import { weeklyAverage } from './series';

const row = (week: string, checkins: number, humor: number | null, energy: number | null): MoodRow => ({
  week, groupId: week + checkins, group: 'g', people: humor === null ? 2 : 5, checkins, humor, energy,
});

describe('weeklyAverage', () => {
  it('weights groups by check-ins, leaves hidden groups out and keeps weeks in order', () => {
    const out = weeklyAverage([row('2026-02-02', 10, 4, 3), row('2026-01-26', 1, null, null), row('2026-02-02', 30, 2, 3)]);
    expect(out).toEqual([
      { week: '2026-01-26', humor: null, energy: null },
      { week: '2026-02-02', humor: 2.5, energy: 3 },
    ]);
  });
});
