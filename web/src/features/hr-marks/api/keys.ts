/** Query keys of HR marking; `report.changed` (report clock) makes the recent list stale. */
export const hrMarkKeys = {
  all: ['hr-marks'] as const,
  recent: ['hr-marks', 'recent'] as const,
};
