// The hour bank and absenteeism reads (docs/api.md "Hour bank and absenteeism").
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Whose figures: the manager's screen asks for the team, HR's for the tenant. */
export type Scope = 'team' | 'tenant';

export interface BankFigures {
  balance: number;
  credits: number;
  debits: number;
  expired: number;
}
export interface Employee {
  id: string;
  name: string;
  department: string;
}
export type BankLine = Employee & BankFigures;
export interface BankTeam {
  bank: 'off' | 'individual' | 'collective';
  months: number;
  through: string;
  rows: BankLine[];
  total: BankFigures;
}
export interface BankDay {
  day: string;
  kind: string;
  overtime50: number;
  overtime100: number;
  missing: number;
  late: number;
  early: number;
  absent: boolean;
}
export interface BankMove {
  month: string;
  kind: 'credit' | 'debit' | 'expired';
  minutes: number;
  balance: number;
  source?: string;
  days: BankDay[];
}
export interface BankStatement {
  bank: BankTeam['bank'];
  months: number;
  employee: Employee;
  figures: BankFigures;
  movements: BankMove[];
}
export interface AbsentFigures {
  scheduled: number;
  unjustified: number;
  excused: number;
  late: number;
  rate: number | null;
}
export type AbsentMonth = AbsentFigures & { month: string };
export type AbsentGroup = AbsentFigures & { id: string; name: string; department?: string };
export interface AbsentReport {
  scope: Scope;
  month: string;
  trend: AbsentMonth[];
  departments: AbsentGroup[];
  total: AbsentFigures;
}
export type AbsentDay = AbsentFigures & { day: string; kind: string; absent: boolean; missing: number };
export interface AbsentPerson {
  employee: Employee;
  month: string;
  days: AbsentDay[];
}
export interface Departments {
  departamentos: { id: string; nome: string }[];
}

const q = (o: Record<string, string | undefined>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v)) as Record<string, string>;

/** Every attendance query starts with this key (`timesheet.changed` makes them stale). */
export const attendanceKeys = { all: ['attendance'] as const };

export const attendanceQueries = {
  team: (scope: Scope, dept?: string) =>
    queryOptions({
      queryKey: [...attendanceKeys.all, 'bank', scope, dept ?? ''],
      queryFn: ({ signal }) => api.get<BankTeam>('/api/hour-bank/team', { signal, query: q({ scope, dept }) }),
    }),
  statement: (scope: Scope, id: string) =>
    queryOptions({
      queryKey: [...attendanceKeys.all, 'bank', scope, 'employee', id],
      queryFn: ({ signal }) => api.get<BankStatement>(`/api/hour-bank/employees/${id}`, { signal, query: q({ scope }) }),
    }),
  absenteeism: (scope: Scope, month: string, dept?: string) =>
    queryOptions({
      queryKey: [...attendanceKeys.all, 'absent', scope, month, dept ?? ''],
      queryFn: ({ signal }) => api.get<AbsentReport>('/api/absenteeism', { signal, query: q({ scope, month, dept }) }),
    }),
  people: (scope: Scope, month: string, dept: string) =>
    queryOptions({
      queryKey: [...attendanceKeys.all, 'absent', scope, month, dept, 'people'],
      queryFn: ({ signal }) => api.get<AbsentGroup[]>('/api/absenteeism/people', { signal, query: q({ scope, month, dept }) }),
    }),
  days: (scope: Scope, month: string, employee: string) =>
    queryOptions({
      queryKey: [...attendanceKeys.all, 'absent', scope, month, 'days', employee],
      queryFn: ({ signal }) => api.get<AbsentPerson>('/api/absenteeism/days', { signal, query: q({ scope, month, employee }) }),
    }),
  departments: () =>
    queryOptions({ queryKey: [...attendanceKeys.all, 'departments'], queryFn: ({ signal }) => api.get<Departments>('/api/reports/filters', { signal }) }),
};
