import { api } from '@/lib/api';
import { query } from './query';
import type { ReportFilters, SurveysReport } from './types';

/** GET reports/surveys: response rates and eNPS (HR admins and auditors). */
export function getSurveysReport(f: ReportFilters, signal?: AbortSignal): Promise<SurveysReport> {
  return api.get<SurveysReport>('/api/reports/surveys', { signal, query: query(f) });
}
