/** Query keys of the dashboards' reports; `report.changed {report}` makes one report stale. */
export const reportKeys = {
  all: ['reports'] as const,
  /** Every query of one report (its name as the push gives it). */
  report: (name: string) => ['reports', name] as const,
};
