/** Query keys of the vacations; `vacation.changed` makes them stale. */
export const vacationKeys = {
  all: ['vacations'] as const,
};
