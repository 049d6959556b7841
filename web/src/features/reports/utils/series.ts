import type { MoodRow } from '../api/types';

/**
 * One point a week: the average of the groups that show figures, weighted by their check-ins
 * (a hidden group, under the anonymity threshold, adds nothing).
 */
export function weeklyAverage(rows: MoodRow[]): { week: string; humor: number | null; energy: number | null }[] {
  const weeks = new Map<string, { n: number; humor: number; energy: number }>();
  for (const r of rows) {
    const w = weeks.get(r.week) ?? { n: 0, humor: 0, energy: 0 };
    if (r.humor !== null && r.energy !== null) {
      w.n += r.checkins;
      w.humor += r.humor * r.checkins;
      w.energy += r.energy * r.checkins;
    }
    weeks.set(r.week, w);
  }
  return [...weeks.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([week, w]) => ({
      week,
      humor: w.n ? Math.round((10 * w.humor) / w.n) / 10 : null,
      energy: w.n ? Math.round((10 * w.energy) / w.n) / 10 : null,
    }));
}
