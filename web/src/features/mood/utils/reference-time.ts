const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/** The nine-box's reference date as the call's time: local midnight in UTC-offset form (spec §7). */
export function referenceTime(date: string, now: Date = new Date()): string {
  const [y, m, d] = date.split('-').map(Number);
  const local = new Date(y, (m || 1) - 1, d || 1);
  const offset = -(Number.isNaN(local.getTime()) ? now : local).getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return `${date}T00:00:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}
