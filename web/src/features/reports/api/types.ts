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

export interface ClockDayRow {
  day: string;
  people: number;
  marks: number;
  late: number;
  missing: number;
  refused: number;
  adjusted: number;
}

export interface ClockPersonRow {
  employeeId: string;
  name: string;
  department: string;
  days: number;
  marks: number;
  late: number;
  missing: number;
  refused: number;
}

export interface ClockReport {
  scope: ReportScope;
  days: ClockDayRow[];
  refusals: Record<string, number>;
  people: ClockPersonRow[];
  adjustmentsAsked: number;
  adjustmentsApproved: number;
}

export interface VacationPersonRow {
  employeeId: string;
  name: string;
  department: string;
  balance: number;
  overdueDays: number;
  nextDeadline: string | null;
  expiringIn: 30 | 60 | 90 | null;
}

export interface VacationsReport {
  scope: ReportScope;
  people: VacationPersonRow[];
  overdue: number;
  expiring: Record<'30' | '60' | '90', number>;
  away: { week: string; count: number; people: string[] }[];
  abono: number;
  abonoDays: number;
  advance13: number;
}

export interface HeadcountReport {
  scope: ReportScope;
  months: { month: string; active: number; hires: number; leavers: number }[];
  groups: { department: string; unit: string; active: number }[];
}
