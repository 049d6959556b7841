/** Query keys of the mood check-in and the nine-box; `mood.checked_in` makes them stale. */
export const moodKeys = {
  all: ['mood'] as const,
  /** Whether the check-in panel shows for the caller. */
  checkIn: ['mood', 'checkin'] as const,
};
