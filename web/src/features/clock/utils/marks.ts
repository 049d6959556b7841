import { parseServerDateTime } from '@/lib/datetime';
import type { MarkRecord } from '../api/types';

/** Up to 10 recent marks are shown (spec portal-core §9). */
export const MARKS_SHOWN = 10;
/** Recent marks refresh every 60 s (spec portal-core §4). */
export const MARKS_REFRESH_MS = 60_000;

function timeOf(mark: MarkRecord): number {
  return parseServerDateTime(mark.n09_001_t)?.getTime() ?? Number.NEGATIVE_INFINITY;
}

/** Sorts marks by n09_001_t, newest first, and keeps the first `limit`. */
export function recentMarks(marks: readonly MarkRecord[], limit = MARKS_SHOWN): MarkRecord[] {
  return [...marks]
    .sort((a, b) => {
      const diff = timeOf(b) - timeOf(a);
      if (diff !== 0 && Number.isFinite(diff)) return diff;
      // Same instant or unreadable timestamps: fall back to the text.
      return b.n09_001_t.localeCompare(a.n09_001_t);
    })
    .slice(0, limit);
}

/** The marks with one the server just answered added first, unless already there (or none read yet). */
export function withMark(marks: MarkRecord[] | undefined, mark: MarkRecord | undefined): MarkRecord[] | undefined {
  if (!marks || !mark || marks.some((m) => m.n09_001_t === mark.n09_001_t && m.endereco === mark.endereco)) return marks;
  return [mark, ...marks];
}
