import { api } from '@/lib/api';
import { query } from './query';
import type { ClockReport, ReportFilters } from './types';

/** GET reports/clock: the time clock: punches per day, late arrivals, missing punches, refusals, adjustments. */
export function getClockReport(f: ReportFilters, signal?: AbortSignal): Promise<ClockReport> {
  return api.get<ClockReport>('/api/reports/clock', { signal, query: query(f) });
}
