/**
 * Query keys of the clock. `clock.mark` and `clock.day` make `all` stale (the caller's marks and
 * saved addresses); the approximate place of a position has its own root, which no push changes.
 */
export const clockKeys = {
  all: ['clock'] as const,
  marks: ['clock', 'marks'] as const,
  addresses: ['clock', 'addresses'] as const,
  place: ['clock-place'] as const,
};
