import { api } from '@/lib/api';
import { query } from './query';
import type { ApprovalsReport, ClockReport, HeadcountReport, MoodReport, ReportFilters, SurveysReport, VacationsReport } from './types';

/**
 * The reports by the name the push `report.changed {report}` gives them (docs/api.md
 * "Reports"), each GET reports/<name>:
 * - mood: average mood and energy per week and group;
 * - approvals: open steps per approver, time to decision, delegations;
 * - clock: punches per day, late arrivals, missing punches, refusals, adjustments;
 * - vacations: balances and deadlines per person, who is away per week, abono and 13th advances;
 * - headcount: active people, hires and leavers per month, headcount per department;
 * - surveys: response rates and eNPS (HR admins and auditors).
 */
export interface Reports {
  mood: MoodReport;
  approvals: ApprovalsReport;
  clock: ClockReport;
  vacations: VacationsReport;
  headcount: HeadcountReport;
  surveys: SurveysReport;
}

export type ReportName = keyof Reports;

/** GET reports/<name> for the filters. */
export function getReport<K extends ReportName>(name: K, f: ReportFilters, signal?: AbortSignal): Promise<Reports[K]> {
  return api.get<Reports[K]>(`/api/reports/${name}`, { signal, query: query(f) });
}
