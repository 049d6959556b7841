// Calendar-day arithmetic on YYYY-MM-DD strings. Days are handled in UTC so adding days
// never meets a daylight-saving shift (the server's dates are plain days too).

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of a UTC date. */
export function isoDay(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The UTC date of a YYYY-MM-DD string. */
export function parseDay(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, (m ?? 1) - 1, d ?? 1));
}

/** iso plus n days. */
export function addDays(iso: string, n: number): string {
  const d = parseDay(iso);
  d.setUTCDate(d.getUTCDate() + n);
  return isoDay(d);
}

/** The last day of a vacation of `days` days from `start`. */
export function lastDay(start: string, days: number): string {
  return addDays(start, Math.max(days, 1) - 1);
}

/** Whether iso lies in [start, end]. */
export function within(iso: string, start: string, end: string): boolean {
  return iso >= start && iso <= end;
}

/** The local today as YYYY-MM-DD. */
export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** YYYYMM of a month (month 1..12), the yearMonth of the work-schedule calls. */
export function yearMonth(year: number, month: number): string {
  return `${year}${pad(month)}`;
}

/** The month after (delta 1) or before (-1) year/month. */
export function shiftMonth(year: number, month: number, delta: number): { year: number; month: number } {
  const i = year * 12 + (month - 1) + delta;
  return { year: Math.floor(i / 12), month: (i % 12) + 1 };
}

/**
 * The weeks of a month as rows of 7 cells, Sunday first; cells outside the month are null.
 */
export function monthGrid(year: number, month: number): (string | null)[][] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells: (string | null)[] = Array(first.getUTCDay()).fill(null);
  for (let d = 1; d <= days; d++) cells.push(`${year}-${pad(month)}-${pad(d)}`);
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Every day of [start, end], in order. */
export function daysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end && out.length < 800; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Formats YYYY-MM-DD as the language's short date (dd/MM/yyyy in pt). */
export function formatDay(iso: string, locale: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }).format(parseDay(iso));
}

/** The month's name and year in the language, first letter capital ("Novembro de 2026"). */
export function formatMonth(year: number, month: number, locale: string): string {
  const s = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(new Date(Date.UTC(year, month - 1, 1)));
  return s.charAt(0).toLocaleUpperCase(locale) + s.slice(1);
}

/** The short weekday names, Sunday first, in the language. */
export function weekdayNames(locale: string): string[] {
  const f = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short' });
  return Array.from({ length: 7 }, (_, i) => f.format(new Date(Date.UTC(2026, 10, 1 + i)))); // 1 Nov 2026 is a Sunday
}
