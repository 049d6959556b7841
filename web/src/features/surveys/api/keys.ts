/** Query keys of surveys, 360 evaluations and PDI plans; `survey.changed`, `survey.results`, `pdi.changed` make them stale. */
export const surveyKeys = {
  all: ['surveys'] as const,
  pdi: ['surveys', 'pdi'] as const,
};
