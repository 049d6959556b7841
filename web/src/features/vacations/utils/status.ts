import type { LeaveStatus, MapEntry, PeriodStatus } from '../api/types';

/**
 * Status colours (Mantine palette names, so themes and dark mode follow): the same status has
 * the same colour on every screen (spec portal-business §2: my vacations with status colours).
 */
export const PERIOD_STATUS_COLOR: Record<PeriodStatus, string> = {
  acquiring: 'gray',
  in_concessive: 'blue',
  expiring: 'orange',
  overdue: 'red',
  scheduled: 'teal',
  taken: 'green',
  closed: 'dark',
};

export const LEAVE_STATUS_COLOR: Record<LeaveStatus | 'planned', string> = {
  pending: 'yellow',
  scheduled: 'teal',
  taken: 'green',
  rejected: 'red',
  cancelled: 'gray',
  planned: 'violet',
};

/** The colour of a map bar. */
export function mapEntryColor(e: Pick<MapEntry, 'status'>): string {
  return LEAVE_STATUS_COLOR[e.status] ?? 'gray';
}

/** Mantine CSS variable of a palette colour, for libraries that take a CSS colour. */
export function cssColor(name: string, shade = 6): string {
  return `var(--mantine-color-${name}-${shade})`;
}

/**
 * A palette colour's filled shade (accessible-colors.ts keeps white text on it at 4.5:1, issue 37),
 * for FullCalendar events and chips that carry white text: shade 6 of teal or yellow does not.
 */
export function fillColor(name: string): string {
  return `var(--mantine-color-${name}-filled)`;
}

/** Whether a leave may still be cancelled on `today`: pending or scheduled, not started. */
export function cancellable(l: { status: LeaveStatus; inicio: string }, today: string): boolean {
  return (l.status === 'pending' || l.status === 'scheduled') && l.inicio > today;
}
