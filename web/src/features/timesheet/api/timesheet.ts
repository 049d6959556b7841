import { api } from '@/lib/api';
import { saveBlob } from '@/lib/download';
import type { CommandContext } from '@/lib/query';
import { useSessionStore } from '@/lib/session-store';

/** A month's sums (domain/timesheet.Totals); minutes. */
export interface Totals {
  expected: number;
  worked: number;
  night: number;
  nightHours: number;
  overtime50: number;
  overtime100: number;
  late: number;
  early: number;
  missing: number;
  excused: number;
  absentDays: number;
  dsrLost: number;
}

/** A mark in force: registeredAt is the punch as made (null when an adjustment or HR added it). */
export interface Mark {
  id: string;
  at: string;
  registeredAt?: string | null;
  requestId?: string | null;
  byHr?: boolean;
  actorId?: string | null;
  reason?: string;
}

export interface Row {
  date: string;
  kind: 'work' | 'rest' | 'holiday' | 'vacation' | 'leave';
  spans: [number, number][] | null;
  marks: Mark[] | null;
  expected: number;
  worked: number;
  night: number;
  nightHours: number;
  overtime50: number;
  overtime100: number;
  late: number;
  early: number;
  missing: number;
  excused: number;
  leave: number;
  absent: boolean;
  incomplete: boolean;
}

export interface Employee {
  id: string;
  codigo: string;
  nome: string;
  departamento: string;
}

export interface MonthView {
  /** The employer: its REP-P establishment (CNPJ), or the tenant's name. */
  empregador: { nome: string; cnpj: string };
  employee: Employee;
  mes: string;
  rows: Row[];
  totals: Totals;
  rowsHash: string;
  closed: boolean;
  closedAt: string | null;
  signature: { signedAt: string; rowsHash: string; totals: Totals; superseded: boolean } | null;
  canSign: boolean;
}

export interface GridLine {
  employee: Employee;
  totals: Totals;
  hasRows: boolean;
  signature: 'none' | 'signed' | 'superseded';
  signedAt: string | null;
}

export interface Grid {
  mes: string;
  closed: boolean;
  closedAt: string | null;
  lines: GridLine[];
}

const BASE = '/api/rh-app/espelho';

/** GET rh-app/espelho?tenId&mes&m01Ukey (the caller's own without m01Ukey). */
export function getMonth(mes: string, employee: string | null, signal?: AbortSignal): Promise<MonthView> {
  return api.get<MonthView>(BASE, { query: { mes, m01Ukey: employee || undefined }, signal });
}

/** GET rh-app/espelho/grid?tenId&mes: the month's line per employee of the caller's scope. */
export function getGrid(mes: string, signal?: AbortSignal): Promise<Grid> {
  return api.get<Grid>(`${BASE}/grid`, { query: { mes }, signal });
}

export async function downloadPdf(mes: string, employee: string | null, lang: string): Promise<void> {
  saveBlob(await api.blob(`${BASE}/pdf`, { query: { mes, m01Ukey: employee || undefined, lang } }), `espelho-${mes}.pdf`);
}

export async function downloadGrid(mes: string, format: 'csv' | 'xlsx', lang: string): Promise<void> {
  saveBlob(await api.blob(`${BASE}/grid`, { query: { mes, format, lang } }), `espelho-${mes}.${format}`);
}

/** POST rh-app/espelho/fechar (HR). */
export function closeMonth(mes: string, ctx: CommandContext): Promise<unknown> {
  return api.post(`${BASE}/fechar`, { mes }, { idempotencyKey: ctx.idempotencyKey });
}

/** POST rh-app/espelho/reabrir (HR), with the reason. */
export function reopenMonth(v: { mes: string; motivo: string }, ctx: CommandContext): Promise<unknown> {
  return api.post(`${BASE}/reabrir`, v, { idempotencyKey: ctx.idempotencyKey });
}

/**
 * POST /api/cac-app/AssinaturaEletronica/assinar?tenid&par&ukeyp&descricao (spec
 * portal-business §7): the password of the confirm dialog and the hash of the rows read.
 */
export function signMonth(v: { mes: string; employee: string; senha: string; hash: string; descricao: string }, ctx: CommandContext): Promise<unknown> {
  return api.post(
    '/api/cac-app/AssinaturaEletronica/assinar',
    { senha: v.senha, hash: v.hash },
    { tenant: false, query: { tenid: tenantId(), par: v.mes, ukeyp: v.employee, descricao: v.descricao }, idempotencyKey: ctx.idempotencyKey },
  );
}

function tenantId(): string | undefined {
  const s = useSessionStore.getState();
  return s.user?.tenId ?? s.tenant?.tenantId;
}

export const timesheetKeys = {
  all: ['timesheet'] as const,
  month: (mes: string, employee: string | null) => ['timesheet', 'month', mes, employee ?? ''] as const,
  grid: (mes: string) => ['timesheet', 'grid', mes] as const,
};
