import type { LocaleInput } from '@fullcalendar/core';
import ptBr from '@fullcalendar/core/locales/pt-br';
import es from '@fullcalendar/core/locales/es';

/** FullCalendar's own texts (buttons, list headings) in the app's language; en is built in. */
export function calendarLocale(language: string): LocaleInput | string {
  if (language === 'pt') return ptBr;
  if (language === 'es') return es;
  return 'en';
}
