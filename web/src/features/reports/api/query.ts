import type { ReportFilters } from './types';

/** The filters as query parameters (empty ones left out). */
export function query(f: ReportFilters) {
  return { from: f.from, to: f.to, unit: f.unit || undefined, dept: f.dept || undefined, scope: f.scope };
}
