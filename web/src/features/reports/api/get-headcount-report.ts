import { api } from '@/lib/api';
import { query } from './query';
import type { HeadcountReport, ReportFilters } from './types';

/** GET reports/headcount: active people, hires and leavers per month, headcount per department. */
export function getHeadcountReport(f: ReportFilters, signal?: AbortSignal): Promise<HeadcountReport> {
  return api.get<HeadcountReport>('/api/reports/headcount', { signal, query: query(f) });
}
