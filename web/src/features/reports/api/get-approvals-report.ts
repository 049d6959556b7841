import { api } from '@/lib/api';
import { query } from './query';
import type { ApprovalsReport, ReportFilters } from './types';

/** GET reports/approvals: open steps per approver, time to decision, delegations. */
export function getApprovalsReport(f: ReportFilters, signal?: AbortSignal): Promise<ApprovalsReport> {
  return api.get<ApprovalsReport>('/api/reports/approvals', { signal, query: query(f) });
}
