import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';

/** Categories and visibilities of a report (docs/api.md "Ombudsman and contact"). */
export const CATEGORIES = ['complaint', 'suggestion', 'praise', 'misconduct'] as const;
export const VISIBILITIES = ['public', 'private', 'anonymous'] as const;
export const STATUSES = ['received', 'in_analysis', 'answered', 'closed'] as const;
export type Category = (typeof CATEGORIES)[number];
export type Visibility = (typeof VISIBILITIES)[number];
export type Status = (typeof STATUSES)[number];

/** A report; reporterName only reaches the ombudsman team, and never for anonymous ones. */
export interface Report {
  id: string;
  protocol: string;
  category: Category;
  subject: string;
  text: string;
  visibility: Visibility;
  status: Status;
  answer: string;
  filedAt: string;
  answeredAt: string | null;
  updatedAt: string;
  reporterName?: string;
}

export interface Filing {
  category: Category | '';
  subject: string;
  text: string;
  visibility: Visibility;
}

/** The follow-up page's answer. */
export interface FollowUp {
  protocol: string;
  category: Category;
  subject: string;
  status: Status;
  answer: string;
  filedAt: string;
  answeredAt: string | null;
  updatedAt: string;
}

/** A contact message the employee sent (the body is not kept). */
export interface ContactMessage {
  id: string;
  subject: string;
  recipients: number;
  sentAt: string;
}

export const ombudsmanKeys = { all: ['ombudsman'] as const, contact: ['contact'] as const };

export const ombudsmanQueries = {
  mine: () =>
    queryOptions({
      queryKey: [...ombudsmanKeys.all, 'mine'],
      queryFn: ({ signal }) => api.get<{ reports: Report[]; canHandle: boolean }>('/api/ombudsman/reports/mine', { signal }),
    }),
  queue: (status: string) =>
    queryOptions({
      queryKey: [...ombudsmanKeys.all, 'queue', status],
      queryFn: ({ signal }) => api.get<{ reports: Report[] }>('/api/ombudsman/reports', { query: { status: status || undefined }, signal }),
    }),
  contacts: () =>
    queryOptions({
      queryKey: ombudsmanKeys.contact,
      queryFn: ({ signal }) => api.get<{ messages: ContactMessage[] }>('/api/contact', { signal }),
    }),
};

/** POST ombudsman/reports: the protocol and the follow-up code, shown once. */
export function fileReport(body: Filing, ctx: CommandContext) {
  return api.post<{ id: string; protocol: string; code: string }>('/api/ombudsman/reports', body, ctx);
}

/** PUT ombudsman/reports/:id/status. */
export function moveReport({ id, status }: { id: string; status: string }, ctx: CommandContext) {
  return api.put(`/api/ombudsman/reports/${encodeURIComponent(id)}/status`, { status }, ctx);
}

/** POST ombudsman/reports/:id/answer. */
export function answerReport({ id, answer }: { id: string; answer: string }, ctx: CommandContext) {
  return api.post<{ mailed: boolean; notified: boolean }>(`/api/ombudsman/reports/${encodeURIComponent(id)}/answer`, { answer }, ctx);
}

/** GET public/ombudsman/follow, without a token nor a tenant. */
export function followUp(protocol: string, code: string) {
  return api.get<FollowUp>('/api/public/ombudsman/follow', { auth: false, tenant: false, query: { protocol, code } });
}

/** POST contact. */
export function sendContact(body: { subject: string; message: string }, ctx: CommandContext) {
  return api.post<{ id: string }>('/api/contact', body, ctx);
}
