import { formatDay as formatShortDay, LOCALE_BY_LANGUAGE } from '@/lib/datetime';

type Language = keyof typeof LOCALE_BY_LANGUAGE;

/** The app's language of an i18next language (pt when it is none of them). */
function known(language: string): Language {
  return (language in LOCALE_BY_LANGUAGE ? language : 'pt') as Language;
}

function locale(language: string): string {
  return LOCALE_BY_LANGUAGE[known(language)];
}

/** A date (YYYY-MM-DD, or a date-time: its date) in the user's language: dd/MM/yyyy in pt. */
export function formatDay(iso: string, language: string): string {
  return formatShortDay(iso, known(language));
}

/** A birthday (MM-DD) in the user's language, without a year: 25/11 in pt. */
export function formatBirthday(mmdd: string, language: string): string {
  const d = new Date(`2000-${mmdd}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(locale(language), { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(d);
}

/** The name of a month (1..12) in the user's language. */
export function monthName(month: number, language: string): string {
  return new Intl.DateTimeFormat(locale(language), { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, month - 1, 1)));
}
