import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import type { MapEntry, ScheduleDay } from '../api/types';
import { addDays, daysBetween, lastDay, monthGrid, shiftMonth, yearMonth } from './dates';
import { errorField, errorKey } from './errors';
import { awayGrid, parseMapKind, peopleAway, toCalendarEvents } from './map';
import { markDays } from './picker';
import { cancellable, mapEntryColor } from './status';

const entry = (over: Partial<MapEntry>): MapEntry => ({
  id: 'l1',
  m01Ukey: 'ana',
  nome: 'Ana Souza',
  departamento: 'Operações',
  inicio: '2026-12-07',
  fim: '2026-12-16',
  dias: 10,
  status: 'scheduled',
  ...over,
});

describe('dates', () => {
  it('adds days across months and years', () => {
    expect(addDays('2026-12-28', 5)).toBe('2027-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(lastDay('2026-11-16', 10)).toBe('2026-11-25');
  });
  it('lays a month out in weeks from Sunday', () => {
    const weeks = monthGrid(2026, 11); // 1 Nov 2026 is a Sunday
    expect(weeks[0][0]).toBe('2026-11-01');
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(monthGrid(2026, 12)[0].slice(0, 2)).toEqual([null, null]); // 1 Dec 2026 is a Tuesday
  });
  it('names months as the work-schedule call wants them', () => {
    expect(yearMonth(2026, 3)).toBe('202603');
    expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
    expect(daysBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });
});

describe('the map', () => {
  it('gives FullCalendar exclusive ends and status colours', () => {
    const [ev] = toCalendarEvents([entry({ status: 'pending' })], (e) => e.status);
    expect(ev.start).toBe('2026-12-07');
    expect(ev.end).toBe('2026-12-17');
    expect(ev.title).toBe('Ana Souza · pending');
    expect(ev.backgroundColor).toBe('var(--mantine-color-yellow-filled)');
  });
  it('draws who is away day by day, a request over a plan', () => {
    const { days, rows } = awayGrid(
      [
        entry({ status: 'planned', id: 'p', inicio: '2026-12-01', fim: '2026-12-10' }),
        entry({}),
        entry({ m01Ukey: 'bia', nome: 'Beatriz', inicio: '2026-11-20', fim: '2026-11-30' }),
      ],
      '2026-12-01',
      '2026-12-31',
    );
    expect(days).toHaveLength(31);
    expect(rows.map((r) => r.nome)).toEqual(['Ana Souza']); // Beatriz is away only before the range
    expect(rows[0].cells[0]?.status).toBe('planned');
    expect(rows[0].cells[6]?.status).toBe('scheduled'); // 7 Dec: the request wins
    expect(rows[0].cells[20]).toBeNull();
  });
  it('counts people away, not plans, and reads tipoFerias', () => {
    expect(peopleAway([entry({}), entry({ id: 'x' }), entry({ m01Ukey: 'c', status: 'planned' })])).toBe(1);
    expect(parseMapKind('2')).toBe(2);
    expect(parseMapKind('9')).toBe(0);
    expect(parseMapKind(undefined)).toBe(0);
    expect(mapEntryColor({ status: 'planned' })).toBe('violet');
  });
});

describe('the date picker marks', () => {
  const month: ScheduleDay[] = [
    { data: '2026-11-14', tipo: 'rest', horarios: [] },
    { data: '2026-11-15', tipo: 'holiday', feriado: 'holiday_republic', horarios: [] },
    { data: '2026-11-16', tipo: 'work', horarios: [] },
    { data: '2026-11-17', tipo: 'work', horarios: [] },
  ];
  it('shows rest days and holidays and the chosen days', () => {
    const m = markDays(month, '2026-11-16', 2);
    expect(m.get('2026-11-14')?.kind).toBe('rest');
    expect(m.get('2026-11-15')).toMatchObject({ kind: 'holiday', holidayKey: 'holiday_republic', selected: false });
    expect(m.get('2026-11-16')?.selected).toBe(true);
    expect(m.get('2026-11-17')?.selected).toBe(true);
    expect(markDays(month, null, 10).get('2026-11-16')?.selected).toBe(false);
  });
});

describe('refusals and cancelling', () => {
  const known = (k: string) => ['ferias_minimo_5_dias'].includes(k);
  it('translates the rule that failed, else a generic message', () => {
    const refusal = new ApiError(422, 'ferias_minimo_5_dias', [{ type: 'dias', message: 'ferias_minimo_5_dias' }]);
    expect(errorKey(refusal, known)).toBe('errors.ferias_minimo_5_dias');
    expect(errorField(refusal)).toBe('dias');
    expect(errorKey(new ApiError(500, 'boom'), known)).toBe('errors.generic');
    expect(errorKey(new Error('x'), known)).toBe('errors.generic');
  });
  it('lets only pending or scheduled vacations that have not started be cancelled', () => {
    expect(cancellable({ status: 'pending', inicio: '2026-12-01' }, '2026-11-22')).toBe(true);
    expect(cancellable({ status: 'scheduled', inicio: '2026-11-22' }, '2026-11-22')).toBe(false);
    expect(cancellable({ status: 'rejected', inicio: '2026-12-01' }, '2026-11-22')).toBe(false);
  });
});

describe('month names', () => {
  it('capitalise only the first letter', async () => {
    const { formatMonth } = await import('./dates');
    expect(formatMonth(2026, 12, 'pt-BR')).toBe('Dezembro de 2026');
    expect(formatMonth(2026, 12, 'en-US')).toBe('December 2026');
  });
});
