import type { Language } from './language';

const pad = (n: number) => String(n).padStart(2, '0');

/** Local calendar date as YYYY-MM-DD (used for layoff periods). */
export function localDateKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The browser's local wall-clock time as YYYY-MM-DDTHH:mm:ss, the format the
 * clock payload's n09_001_t uses (spec portal-core §3). The server records its
 * own clock as well, so this is informative only.
 */
export function formatLocalDateTime(date: Date): string {
  return (
    `${localDateKey(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/**
 * Parses a server timestamp. "YYYY-MM-DDTHH:mm:ss" without an offset is read
 * as local time (ECMAScript rule for date-time forms); with an offset or Z it
 * is an absolute instant. Returns undefined when unreadable.
 */
export function parseServerDateTime(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

export const LOCALE_BY_LANGUAGE: Record<Language, string> = {
  pt: 'pt-BR',
  en: 'en-US',
  es: 'es-ES',
};

/** Formats a mark's timestamp for the current language; falls back to the raw text. */
export function formatDateTime(value: string, language: Language): string {
  const d = parseServerDateTime(value);
  if (!d) return value;
  return new Intl.DateTimeFormat(LOCALE_BY_LANGUAGE[language], {
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(d);
}

/** Formats a distance in metres (below 1 km) or kilometres, localized. */
export function formatDistance(metres: number, language: Language): string {
  const locale = LOCALE_BY_LANGUAGE[language];
  if (metres < 1000) {
    return new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'meter',
      maximumFractionDigits: 0,
    }).format(metres);
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'kilometer',
    maximumFractionDigits: 1,
  }).format(metres / 1000);
}

/** A day (YYYY-MM-DD, or a longer date-time: its date) in the language's short date form; the raw text if it is not a day. */
export function formatDay(day: string, language: Language): string {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat(LOCALE_BY_LANGUAGE[language], { dateStyle: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}
