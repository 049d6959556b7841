/** The years the planning screen offers: this one, the coming one (the default) and the next. */
export function planningYears(thisYear: number): number[] {
  return [thisYear, thisYear + 1, thisYear + 2];
}
