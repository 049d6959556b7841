import { useState } from 'react';
import { Badge, Group, Modal, Text } from '@mantine/core';
import FullCalendar from '@fullcalendar/react';
import listPlugin from '@fullcalendar/list';
import type { DatesSetArg, EventInput } from '@fullcalendar/core';
import type { MonthSchedule } from '../api/types';
import { useQuery } from '@tanstack/react-query';
import { vacationQueries } from '../api/queries';
import { addDays, formatMonth, todayIso, yearMonth } from '../utils/dates';
import { focusableScrollers } from '@/lib/calendar-a11y';
import { calendarLocale } from '@/lib/calendar-locale';
import { useVacationsT } from '../utils/i18n';
import { fillColor } from '../utils/status';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Whose schedule (the caller's own when absent). */
  m01Ukey?: string;
  name?: string;
}

/**
 * The work-schedule dialog (spec portal-core §2: a month list calendar for an employee; list
 * view, weekends shown, not editable): each day of the month with its hours, rest day or
 * holiday, from escala-mes-descricao.
 */
export function WorkScheduleDialog({ opened, onClose, m01Ukey, name }: Props) {
  const { t } = useVacationsT();
  return (
    <Modal opened={opened} onClose={onClose} size="lg" title={name ? `${t('title.schedule')} · ${name}` : t('title.schedule')} data-testid="schedule-dialog">
      {opened && <ScheduleList m01Ukey={m01Ukey} />}
    </Modal>
  );
}

function ScheduleList({ m01Ukey }: { m01Ukey?: string }) {
  const { t, tr, i18n, locale, holidayName } = useVacationsT();
  const now = todayIso();
  const [ym, setYm] = useState(now.slice(0, 4) + now.slice(5, 7));
  const { data } = useQuery(vacationQueries.schedule(ym, m01Ukey));
  const events = scheduleEvents(data, (k, o) => tr(k, o), holidayName);
  const onDates = (arg: DatesSetArg) => {
    const mid = addDays(arg.startStr.slice(0, 10), 10);
    setYm(yearMonth(Number(mid.slice(0, 4)), Number(mid.slice(5, 7))));
  };
  return (
    <>
      {data && (
        <Group gap="xs" mb="sm">
          <Badge variant="light">{tr(`schedule.kind.${data.tipoEscala}`)}</Badge>
          {data.horasSemanais > 0 && <Text size="sm">{t('schedule.weeklyHours', { count: data.horasSemanais })}</Text>}
          <Text size="sm" c="dimmed">
            {formatMonth(Number(ym.slice(0, 4)), Number(ym.slice(4)), locale)}
          </Text>
        </Group>
      )}
      <div data-testid="schedule-list">
        <FullCalendar
          plugins={[listPlugin]}
          initialView="listMonth"
          locale={calendarLocale(i18n.language)}
          buttonIcons={false}
          height={460}
          editable={false}
          weekends
          events={events}
          datesSet={onDates}
          noEventsText={tr('period.empty')}
          viewDidMount={focusableScrollers}
        />
      </div>
    </>
  );
}

/** The month's days as list events: worked hours, rest days and holidays in their colours. */
export function scheduleEvents(
  data: MonthSchedule | undefined,
  tr: (k: string, o?: Record<string, unknown>) => string,
  holidayName: (key?: string, name?: string) => string,
): EventInput[] {
  if (!data) return [];
  return data.dias.map((d) => {
    if (d.tipo === 'holiday') {
      return { id: d.data, start: d.data, allDay: true, title: `${tr('schedule.holiday')}: ${holidayName(d.feriado, d.nome)}`, color: fillColor('red'), textColor: '#ffffff' };
    }
    if (d.tipo === 'rest') return { id: d.data, start: d.data, allDay: true, title: tr('schedule.rest'), color: fillColor('gray'), textColor: '#ffffff' };
    const hours = d.horarios.map((h) => tr('schedule.hours', { start: h.start, end: h.end })).join(' · ');
    return { id: d.data, start: d.data, allDay: true, title: hours ? `${tr('schedule.work')}: ${hours}` : tr('schedule.work'), color: fillColor('blue'), textColor: '#ffffff' };
  });
}
