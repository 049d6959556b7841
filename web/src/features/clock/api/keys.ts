/** Query keys of the clock (the caller's marks and saved addresses); `clock.mark` and `clock.day` make them stale. */
export const clockKeys = {
  all: ['clock'] as const,
};
