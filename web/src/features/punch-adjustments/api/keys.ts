/** Query keys of punch adjustments and abonos; `clock.day`, `clock.mark` and `request.changed` make them stale. */
export const adjustmentKeys = {
  all: ['adjustments'] as const,
};
