import type { ScheduleEntry } from '../api/types';

import type { Translate } from './i18n';

/** The label of a schedule entry in the user's language: its kind, a holiday's name, the hours (unless the calendar shows them). */
export function entryTitle(e: ScheduleEntry, t: Translate, withHours = true): string {
  switch (e.array_1015) {
    case 3:
      if (e.label === 'holiday_tenant' && e.nome) return e.nome;
      return t(`common:holiday.${e.label}`, { defaultValue: t('schedule.holiday') });
    case 4:
      return e.status === 1 ? t('schedule.vacationPending') : t('schedule.vacation');
    case 5:
      if (e.label === 'escala_ausencia') return e.nome ? `${t('schedule.absence')}: ${e.nome}` : t('schedule.absence');
      return t('schedule.leave');
    case 2:
      return t('schedule.rest');
    default: {
      const hours = withHours && e.inicio.includes('T') ? ` ${e.inicio.slice(11, 16)}–${e.fim.slice(11, 16)}` : '';
      return `${t('schedule.work')}${hours}`;
    }
  }
}
