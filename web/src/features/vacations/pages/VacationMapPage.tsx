import { useState } from 'react';
import { Alert, Card, Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import listPlugin from '@fullcalendar/list';
import type { DatesSetArg, EventClickArg } from '@fullcalendar/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { vacationQueries } from '../api/queries';
import type { MapEntry, VacationScope } from '../api/types';
import { AwayGrid } from '../components/AwayGrid';
import { WorkScheduleDialog } from '../components/WorkScheduleDialog';
import { unlabelDayCell } from '@/lib/calendar-a11y';
import { calendarLocale } from '@/lib/calendar-locale';
import { addDays, todayIso } from '../utils/dates';
import { errorKey } from '../utils/errors';
import { useVacationsT } from '../utils/i18n';
import { parseMapKind, peopleAway, toCalendarEvents } from '../utils/map';
import { mapPath } from '../paths';

type View = 'calendar' | 'list' | 'grid';

/**
 * /apps/gestor-rh/mapVaccations/filter/:tipoFerias and the admin-rh one: who is away when
 * (FullCalendar month and list views, and a "who is away" grid), filtered by vacation type;
 * managers see their team, HR admins a department or everyone. Pushes refresh it at once.
 */
export function VacationMapPage({ scope }: { scope: VacationScope }) {
  const { t, tr, i18n, known } = useVacationsT();
  const navigate = useNavigate();
  const kind = parseMapKind(useParams().tipoFerias);
  const today = todayIso();
  const [range, setRange] = useState({ from: `${today.slice(0, 7)}-01`, to: addDays(`${today.slice(0, 7)}-01`, 41) });
  const [anchor, setAnchor] = useState(`${today.slice(0, 7)}-01`);
  const [view, setView] = useState<View>('calendar');
  const [department, setDepartment] = useState<string | null>(null);
  const [person, setPerson] = useState<{ m01Ukey: string; nome: string } | null>(null);
  const { data, error } = useQuery(
    vacationQueries.map({ tipoFerias: kind, inicio: range.from, fim: range.to, escopo: scope, departamento: department ?? undefined }),
  );
  const { data: departments } = useQuery({ ...vacationQueries.departments(), enabled: scope === 'admin' });
  const entries = data ?? [];
  const label = (e: MapEntry) => tr(`leaveStatus.${e.status}`);
  const onDates = (arg: DatesSetArg) => {
    const from = arg.startStr.slice(0, 10);
    const to = addDays(arg.endStr.slice(0, 10), -1);
    if (from !== range.from || to !== range.to) setRange({ from, to });
    const month = todayIso(arg.view.currentStart);
    if (month !== anchor) setAnchor(month);
  };
  const onEvent = (arg: EventClickArg) => {
    const e = arg.event.extendedProps.entry as MapEntry;
    setPerson({ m01Ukey: e.m01Ukey, nome: e.nome });
  };
  return (
    <Stack gap="md" data-testid="vacation-map" data-scope={scope} data-kind={kind}>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('title.map')}</Title>
        <Group gap="sm" align="flex-end">
          <Select
            label={t('map.kind')}
            value={String(kind)}
            data={[0, 1, 2, 3].map((k) => ({ value: String(k), label: tr(`map.kinds.${k}`) }))}
            onChange={(v) => navigate(mapPath(scope, Number(v ?? 0)))}
            allowDeselect={false}
            data-testid="map-kind"
          />
          {scope === 'admin' && (
            <Select
              label={t('map.department')}
              placeholder={t('map.allDepartments')}
              value={department}
              data={(departments ?? []).map((d) => ({ value: d.id, label: d.nome }))}
              onChange={setDepartment}
              clearable
              searchable
              data-testid="map-department"
            />
          )}
          <SegmentedControl
            value={view}
            onChange={(v) => setView(v as View)}
            data={[
              { value: 'calendar', label: t('map.viewCalendar') },
              { value: 'list', label: t('map.viewList') },
              { value: 'grid', label: t('map.viewGrid') },
            ]}
            data-testid="map-view"
          />
        </Group>
      </Group>
      {error && <Alert color="red">{tr(errorKey(error, known))}</Alert>}
      <Text size="sm" c="dimmed" data-testid="map-away">
        {t('map.away', { count: peopleAway(entries) })}
      </Text>
      <Card withBorder data-testid="map-events" data-count={entries.length}>
        {view === 'grid' ? (
          <AwayGrid entries={entries} from={range.from} to={range.to} onPerson={(m01Ukey, nome) => setPerson({ m01Ukey, nome })} />
        ) : (
          <FullCalendar
            key={view}
            plugins={[dayGridPlugin, listPlugin]}
            initialView={view === 'list' ? 'listMonth' : 'dayGridMonth'}
            initialDate={anchor}
            locale={calendarLocale(i18n.language)}
            buttonIcons={false}
            headerToolbar={{ left: 'prev,next today', center: 'title', right: '' }}
            height="auto"
            editable={false}
            weekends
            dayMaxEvents={6}
            events={toCalendarEvents(entries, label)}
            datesSet={onDates}
            eventClick={onEvent}
            noEventsText={t('leave.empty')}
            dayCellDidMount={unlabelDayCell}
          />
        )}
      </Card>
      <WorkScheduleDialog opened={person !== null} onClose={() => setPerson(null)} m01Ukey={person?.m01Ukey} name={person?.nome} />
    </Stack>
  );
}
