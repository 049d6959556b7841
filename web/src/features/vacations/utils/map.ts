import type { MapEntry } from '../api/types';
import { addDays, daysBetween, within } from './dates';
import { fillColor, mapEntryColor } from './status';

/** A FullCalendar event of the map (all-day; FullCalendar's end is exclusive). */
export interface MapEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  allDay: true;
  backgroundColor: string;
  borderColor: string;
  textColor: string;
  extendedProps: { entry: MapEntry };
}

/** The map entries as FullCalendar events, titled "name · status". */
export function toCalendarEvents(entries: MapEntry[], statusLabel: (e: MapEntry) => string): MapEvent[] {
  return entries.map((e) => {
    const color = fillColor(mapEntryColor(e));
    return {
      id: `${e.status}-${e.id}`,
      title: `${e.nome} · ${statusLabel(e)}`,
      start: e.inicio,
      end: addDays(e.fim, 1),
      allDay: true,
      backgroundColor: color,
      borderColor: color,
      textColor: '#ffffff',
      extendedProps: { entry: e },
    };
  });
}

/** One person's line of the "who is away" grid: for each day of the range, the entry covering it. */
export interface AwayRow {
  m01Ukey: string;
  nome: string;
  departamento: string;
  cells: (MapEntry | null)[];
}

/**
 * The "who is away when" grid (a Gantt-like view; FullCalendar's resource timeline is a
 * premium plugin): one row per person with any entry in [from, to], by name, one cell per day.
 * Where a person's entries overlap (a plan under a request), the request wins.
 */
export function awayGrid(entries: MapEntry[], from: string, to: string): { days: string[]; rows: AwayRow[] } {
  const days = daysBetween(from, to);
  const byPerson = new Map<string, AwayRow>();
  const rank = (e: MapEntry) => (e.status === 'planned' ? 0 : 1);
  for (const e of entries) {
    let row = byPerson.get(e.m01Ukey);
    if (!row) {
      row = { m01Ukey: e.m01Ukey, nome: e.nome, departamento: e.departamento, cells: days.map(() => null) };
      byPerson.set(e.m01Ukey, row);
    }
    days.forEach((d, i) => {
      if (!within(d, e.inicio, e.fim)) return;
      const cur = row.cells[i];
      if (!cur || rank(e) > rank(cur)) row.cells[i] = e;
    });
  }
  const rows = [...byPerson.values()].filter((r) => r.cells.some(Boolean));
  rows.sort((a, b) => a.nome.localeCompare(b.nome));
  return { days, rows };
}

/** How many different people are away (not only planned) on some day of the range. */
export function peopleAway(entries: MapEntry[]): number {
  return new Set(entries.filter((e) => e.status !== 'planned').map((e) => e.m01Ukey)).size;
}

/** Reads the :tipoFerias route parameter (default 0, anything else 0). */
export function parseMapKind(param: string | undefined): 0 | 1 | 2 | 3 {
  const n = Number(param);
  return n === 1 || n === 2 || n === 3 ? n : 0;
}
