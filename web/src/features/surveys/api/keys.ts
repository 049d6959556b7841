/** Query keys of surveys, 360 evaluations and PDI plans; `survey.changed`, `survey.results`, `pdi.changed` make them stale. */
export const surveyKeys = {
  all: ['surveys'] as const,
  /** What the user answers: the sign-in drawer's pending surveys and the 360 evaluations. */
  answering: ['surveys', 'answering'] as const,
  /** The survey lists (eNPS, clima, enquete, 360 results). */
  lists: ['surveys', 'list'] as const,
  /** The results dashboards. */
  results: ['surveys', 'results'] as const,
  /** The results dashboard of one survey. */
  resultsOf: (oa8Ukey: string) => ['surveys', 'results', oa8Ukey] as const,
  pdi: ['surveys', 'pdi'] as const,
};
