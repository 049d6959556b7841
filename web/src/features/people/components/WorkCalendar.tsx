import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import listPlugin from '@fullcalendar/list';
import multiMonthPlugin from '@fullcalendar/multimonth';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { DatesSetArg, EventContentArg, EventInput } from '@fullcalendar/core';
import { IconCheck, IconHourglass, IconLock } from '@tabler/icons-react';
import { unlabelDayCell } from '@/lib/calendar-a11y';
import { calendarLocale } from '@/lib/calendar-locale';
import type { ScheduleEntry } from '../api/types';
import { BUSINESS_HOURS, dayAfter, STATUS_COLOR, statusOf, timeRange, type EventStatus } from '../utils/calendar';
import { entryTitle } from '../utils/entry-title';
import { usePeopleT } from '../utils/i18n';

const ICONS: Record<EventStatus, typeof IconCheck> = { pending: IconHourglass, blocked: IconLock, approved: IconCheck };

interface Props {
  entries: ScheduleEntry[];
  onDates: (start: Date, end: Date) => void;
}

/**
 * The work calendar (spec portal-business §2): today, year, month, week, day and list views;
 * business hours 08:00–18:00 Monday to Friday; each event in its status's colour and icon;
 * the time range 06:00–18:00 widened to the entries; "no events to show" when empty.
 */
export function WorkCalendar({ entries, onDates }: Props) {
  const { t, tr, i18n } = usePeopleT();
  const range = timeRange(entries);
  const events: EventInput[] = entries.map((e) => {
    const status = statusOf(e.status);
    const timed = e.inicio.includes('T');
    return {
      id: `${e.array_1015}-${e.inicio}-${e.fim}`,
      title: entryTitle(e, tr, false),
      start: e.inicio,
      end: timed ? e.fim : dayAfter(e.fim),
      allDay: !timed,
      // The filled shade keeps the white title at 4.5:1 (issue 37); shade 6 of teal does not.
      color: `var(--mantine-color-${STATUS_COLOR[status]}-filled)`,
      textColor: '#ffffff',
      extendedProps: { status },
    };
  });
  return (
    <div data-testid="work-calendar">
      <FullCalendar
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, multiMonthPlugin]}
        initialView="dayGridMonth"
        headerToolbar={{ left: 'prev,next today', center: 'title', right: 'multiMonthYear,dayGridMonth,timeGridWeek,timeGridDay,listMonth' }}
        locale={calendarLocale(i18n.language)}
        buttonIcons={false}
        businessHours={BUSINESS_HOURS}
        slotMinTime={range.min}
        slotMaxTime={range.max}
        editable={false}
        eventDisplay="block"
        height="auto"
        events={events}
        noEventsText={t('calendar.empty')}
        datesSet={(arg: DatesSetArg) => onDates(arg.start, arg.end)}
        eventContent={(arg: EventContentArg) => <EventChip arg={arg} />}
        dayCellDidMount={unlabelDayCell}
      />
    </div>
  );
}

function EventChip({ arg }: { arg: EventContentArg }) {
  const { tr } = usePeopleT();
  const status = arg.event.extendedProps.status as EventStatus;
  const Icon = ICONS[status];
  return (
    <span
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, maxWidth: '100%', overflow: 'hidden', whiteSpace: 'nowrap' }}
      title={`${arg.event.title} · ${tr(`calendar.status.${status}`)}`}
      data-testid="calendar-event"
      data-status={status}
    >
      <Icon size={12} aria-label={tr(`calendar.status.${status}`)} />
      {arg.timeText && <b>{arg.timeText}</b>}
      <span>{arg.event.title}</span>
    </span>
  );
}
