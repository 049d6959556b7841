// Shapes of the report calls (docs/api.md "Reports").

export type ReportScope = 'tenant' | 'team' | 'self';

/** A report's filters: the period (YYYY-MM-DD, inclusive) and optional unit and department. */
export interface ReportFilters {
  from: string;
  to: string;
  unit?: string;
  dept?: string;
  /** The dashboard's level: self (employee), team (manager), tenant (HR). */
  scope?: ReportScope;
}

export interface MoodRow {
  week: string;
  groupId: string;
  group: string;
  people: number;
  checkins: number;
  humor: number | null;
  energy: number | null;
}

export interface MoodReport {
  scope: ReportScope;
  minGroup: number;
  rows: MoodRow[];
}

export interface OpenByApprover {
  approverId: string;
  approver: string;
  role: string;
  items: number;
  oldestDays: number;
  avgDays: number;
}

export interface DecisionTimes {
  kind: string;
  decided: number;
  p50Hours: number;
  p90Hours: number;
}

export interface Delegation {
  decidedBy: string;
  onBehalfOf: string;
  decisions: number;
}

export interface ApprovalsReport {
  scope: ReportScope;
  open: OpenByApprover[];
  times: DecisionTimes[];
  delegations: Delegation[];
  opened: number;
  approved: number;
  rejected: number;
}

export interface SurveyFigures {
  id: string;
  title: string;
  kind: string;
  createdAt: string;
  invited: number;
  completed: number;
  rate: number;
  enps: number | null;
  promoters: number;
  passives: number;
  detractors: number;
}

export interface SurveysReport {
  minGroup: number;
  surveys: SurveyFigures[];
  trend: { week: string; completed: number; enps: number | null }[];
}

export interface FilterOptions {
  unidades: { id: string; nome: string }[];
  departamentos: { id: string; nome: string }[];
}
