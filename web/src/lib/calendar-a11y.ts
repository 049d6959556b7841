import type { DayCellMountArg } from '@fullcalendar/core';

/**
 * FullCalendar names each month-grid cell (role gridcell) by its day number through
 * aria-labelledby while the cell also shows the day's events, so the name misses most of the
 * visible text (axe's label-content-name-mismatch, issue 37). Without the attribute the cell is
 * named by what it shows, day number first. Preact never sets the unchanged attribute again.
 */
export function unlabelDayCell(arg: DayCellMountArg): void {
  arg.el.removeAttribute('aria-labelledby');
}

/**
 * FullCalendar's scroller of a fixed-height view (the list in the work-schedule dialog) takes no
 * keyboard focus, so a keyboard user cannot scroll it (axe's scrollable-region-focusable).
 */
export function focusableScrollers(arg: { el: HTMLElement }): void {
  arg.el.querySelectorAll('.fc-scroller').forEach((s) => s.setAttribute('tabindex', '0'));
}
