import { api } from '@/lib/api';
import { query } from './query';
import type { VacationsReport, ReportFilters } from './types';

/** GET reports/vacations: balances and deadlines per person, who is away per week, abono and 13th advances. */
export function getVacationsReport(f: ReportFilters, signal?: AbortSignal): Promise<VacationsReport> {
  return api.get<VacationsReport>('/api/reports/vacations', { signal, query: query(f) });
}
