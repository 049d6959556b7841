import { api } from '@/lib/api';
import { saveBlob } from '@/lib/download';
import type { CommandContext } from '@/lib/query';

/** The audit area's calls (docs/api.md "Audit"); every answer is recorded as a read. */

export type SubjectKind = 'employee' | 'punches' | 'vacation' | 'request' | 'survey' | 'settings' | 'fence';

/** Kinds whose state can be rebuilt "as of" an instant. */
export const AS_OF_KINDS: readonly SubjectKind[] = ['request', 'vacation', 'punches'];

export interface AuditSubject {
  kind: SubjectKind;
  id: string;
  label: string;
  detail?: string;
}

export interface TimelineItem {
  position: number;
  stream: string;
  version: number;
  type: string;
  at: string;
  actor: string;
  actorName: string;
  onBehalfOf?: string;
  fields: { name: string; value: string }[];
}

export interface Timeline {
  subject: AuditSubject;
  items: TimelineItem[];
  total: number;
  page: number;
  pageSize: number;
  types: string[];
}

export interface TimelineFilter {
  type?: string[];
  from?: string;
  to?: string;
  page?: number;
}

export interface AsOf {
  subject: AuditSubject;
  at: string;
  now: string;
  eventsThen: number;
  eventsNow: number;
  then: Record<string, string>;
  current: Record<string, string>;
  changes: { field: string; then: string; now: string }[];
}

export interface ChainReport {
  events: number;
  streams: number;
  elapsed: string;
  broken: null | { position: number; eventId: string | null; stream: string; version: number; reason: string };
}

export interface AuditReads {
  /** status: the answer's HTTP status, refusals included (absent in reads recorded before it was). */
  items: { at: string; user: string; name: string; view: string; kind?: string; id?: string; query?: string; status?: number }[];
  total: number;
  page: number;
}

export const TIMELINE_PAGE_SIZE = 50;

export function findSubjects(q: string, signal?: AbortSignal) {
  return api.get<{ items: AuditSubject[] }>('/api/audit/subjects', { query: { q }, signal }).then((r) => r.items);
}

function timelineQuery(s: Pick<AuditSubject, 'kind' | 'id'>, f: TimelineFilter) {
  return { kind: s.kind, id: s.id, type: f.type?.length ? f.type.join(',') : undefined, from: f.from || undefined, to: f.to || undefined };
}

export function getTimeline(s: Pick<AuditSubject, 'kind' | 'id'>, f: TimelineFilter, signal?: AbortSignal) {
  return api.get<Timeline>('/api/audit/timeline', {
    query: { ...timelineQuery(s, f), page: f.page ?? 1, pageSize: TIMELINE_PAGE_SIZE },
    signal,
  });
}

/** Saves the whole filtered timeline as CSV. */
export async function downloadTimelineCsv(s: Pick<AuditSubject, 'kind' | 'id'>, f: TimelineFilter) {
  saveBlob(await api.blob('/api/audit/timeline', { query: { ...timelineQuery(s, f), format: 'csv' } }), `audit-${s.kind}-${s.id}.csv`);
}

export function getAsOf(s: Pick<AuditSubject, 'kind' | 'id'>, at: string, day?: string, signal?: AbortSignal) {
  return api.get<AsOf>('/api/audit/asof', { query: { kind: s.kind, id: s.id, at, day }, signal });
}

export function verifyChain(signal?: AbortSignal) {
  return api.get<ChainReport>('/api/audit/verify', { signal });
}

export function getReads(page: number, signal?: AbortSignal) {
  return api.get<AuditReads>('/api/audit/reads', { query: { page }, signal });
}

export interface TableDiff {
  table: string;
  live: number;
  shadow: number;
  missing: number;
  extra: number;
  different: number;
  samples: string[];
}

export interface ReplayJob {
  id: string;
  projection: string;
  state: 'running' | 'done' | 'failed';
  /** total is 0 while the server is still counting the events. */
  progress: { done: number; total: number; rate: number; elapsed: number; eta: number };
  diffs: TableDiff[];
  error?: string;
  startedBy: string;
  startedAt: string;
  finishedAt?: string;
}

export function getReplays(signal?: AbortSignal) {
  return api.get<{ projections: string[]; jobs: ReplayJob[] }>('/api/audit/replay', { signal });
}

/** Starts a shadow rebuild; its progress arrives by the `audit.replay` push (app/live-queries.ts). */
export function startReplay(projection: string, ctx?: CommandContext) {
  return api.post<ReplayJob>('/api/audit/replay', { projection }, { idempotencyKey: ctx?.idempotencyKey });
}
