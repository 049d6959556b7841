import { api } from '@/lib/api';
import { query } from './query';
import type { MoodReport, ReportFilters } from './types';

/** GET reports/mood: average mood and energy per week and group. */
export function getMoodReport(f: ReportFilters, signal?: AbortSignal): Promise<MoodReport> {
  return api.get<MoodReport>('/api/reports/mood', { signal, query: query(f) });
}
