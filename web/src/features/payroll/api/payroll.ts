import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';
import { useSessionStore } from '@/lib/session-store';

/** The kinds of documents (domain/payroll). */
export const KINDS = ['payslip', 'thirteenth', 'vacation_receipt', 'income_report', 'other'] as const;
export type Kind = (typeof KINDS)[number];

/** One of the caller's own documents (GET /api/payroll/documents, docs/api.md "Payroll"). */
export interface PayrollDocument {
  documentId: string;
  month: string;
  kind: Kind;
  fileName: string;
  contentType: string;
  size: number;
  publishAt: string;
  withdrawn: boolean;
  withdrawnAt: string | null;
  withdrawReason: string;
  signedAt: string | null;
  canSign: boolean;
}

export interface PublishedFile {
  documentId: string;
  fileName: string;
  employeeId: string;
  employeeName: string;
}

export interface UnmatchedFile {
  fileName: string;
  /** no_match / no_cpf, ambiguous, or a domain refusal key (arquivo_nao_pdf, arquivo_muito_grande). */
  reason: string;
}

/** POST /api/payroll/batches: what was published and what was not. */
export interface PublishReport {
  batchId: string;
  month: string;
  kind: Kind;
  publishAt: string;
  published: PublishedFile[];
  unmatched: UnmatchedFile[];
}

/** GET /api/payroll/batches (HR), newest first. */
export interface Batch {
  batchId: string;
  month: string;
  kind: Kind;
  by: string;
  /** The sender's name ('' when the user is gone). */
  byName: string;
  at: string;
  publishAt: string;
  files: number;
  unmatched: UnmatchedFile[];
  signed: number;
  pending: number;
}

/** GET /api/payroll/batches/:id/documents (HR): who signed and who has not. */
export interface BatchDocument {
  documentId: string;
  employeeId: string;
  employeeName: string;
  fileName: string;
  withdrawn: boolean;
  signedAt: string | null;
}

const BASE = '/api/payroll';
const enc = encodeURIComponent;

/** The viewer's address of a document's bytes (inline). */
export const contentUrl = (id: string) => `${BASE}/documents/${enc(id)}/content`;
/** The protected download (a PDF with the first 4 CPF digits as its password). */
export const downloadUrl = (id: string) => `${BASE}/documents/${enc(id)}/download`;
/** The name the server gives the download (`<kind>-<month>.pdf`); images keep theirs. */
export function downloadName(d: Pick<PayrollDocument, 'kind' | 'month' | 'fileName' | 'contentType'>): string {
  return d.contentType === 'application/pdf' ? `${d.kind}-${d.month}.pdf` : d.fileName;
}

export const payrollKeys = {
  all: ['payroll'] as const,
  years: (kind: string) => ['payroll', 'years', kind] as const,
  documents: (year: number | null, kind: string) => ['payroll', 'documents', year ?? 0, kind] as const,
  batches: () => ['payroll', 'batches'] as const,
  batchDocuments: (id: string) => ['payroll', 'batches', id] as const,
};

export const payrollQueries = {
  /** The years with documents: of one kind (the income report's) or, kind '', of every kind. */
  years: (kind: string) =>
    queryOptions({ queryKey: payrollKeys.years(kind), queryFn: ({ signal }) => api.get<number[]>(`${BASE}/years`, { query: { kind: kind || undefined }, signal }) }),
  documents: (year: number | null, kind: string) =>
    queryOptions({
      queryKey: payrollKeys.documents(year, kind),
      queryFn: ({ signal }) => api.get<PayrollDocument[]>(`${BASE}/documents`, { query: { year: year ?? undefined, kind: kind || undefined }, signal }),
      enabled: year !== null,
    }),
  batches: () => queryOptions({ queryKey: payrollKeys.batches(), queryFn: ({ signal }) => api.get<Batch[]>(`${BASE}/batches`, { signal }) }),
  batchDocuments: (id: string) =>
    queryOptions({
      queryKey: payrollKeys.batchDocuments(id),
      queryFn: ({ signal }) => api.get<BatchDocument[]>(`${BASE}/batches/${enc(id)}/documents`, { signal }),
    }),
};

export interface PublishInput {
  files: File[];
  month: string;
  kind: Kind;
  publishAt: string | null;
}

/** POST /api/payroll/batches (multipart: `files`, month, kind, publishAt). */
export function publishBatch(v: PublishInput, ctx: CommandContext): Promise<PublishReport> {
  const form = new FormData();
  for (const f of v.files) form.append('files', f, f.name);
  form.append('month', v.month);
  form.append('kind', v.kind);
  if (v.publishAt) form.append('publishAt', v.publishAt);
  return api.post<PublishReport>(`${BASE}/batches`, form, { idempotencyKey: ctx.idempotencyKey });
}

/** POST /api/payroll/batches/:id/remind → how many were notified. */
export function remindBatch(id: string, ctx: CommandContext): Promise<{ sent: number }> {
  return api.post<{ sent: number }>(`${BASE}/batches/${enc(id)}/remind`, {}, { idempotencyKey: ctx.idempotencyKey });
}

/** POST /api/payroll/documents/:id/withdraw with the reason. */
export function withdrawDocument(v: { documentId: string; reason: string }, ctx: CommandContext): Promise<unknown> {
  return api.post(`${BASE}/documents/${enc(v.documentId)}/withdraw`, { reason: v.reason }, { idempotencyKey: ctx.idempotencyKey });
}

/**
 * The acknowledgement: POST /api/cac-app/AssinaturaEletronica/assinar?tenid&par=<documentId>&descricao=holerite
 * with the password of the confirm dialog (the spec's call, shared with the timesheet).
 */
export function signDocument(v: { documentId: string; senha: string }, ctx: CommandContext) {
  const s = useSessionStore.getState();
  return api.post<{ success: boolean; data: { documentId: string; signedAt: string; hash: string } }>(
    '/api/cac-app/AssinaturaEletronica/assinar',
    { senha: v.senha },
    { tenant: false, query: { tenid: s.user?.tenId ?? s.tenant?.tenantId, par: v.documentId, descricao: 'holerite' }, idempotencyKey: ctx.idempotencyKey },
  );
}
