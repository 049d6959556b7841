import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** A FAQ category (docs/api.md "FAQ"). */
export interface FaqCategory {
  id: string;
  name: string;
  rank: number;
}

/** A question; answer is HTML the server sanitized. */
export interface FaqQuestion {
  id: string;
  categoryId: string;
  question: string;
  answer: string;
  rank: number;
  updatedAt: string;
}

/** GET faq: the categories, the matching questions, and whether the caller edits. */
export interface FaqPage {
  categories: FaqCategory[];
  questions: FaqQuestion[];
  canEdit: boolean;
}

export interface QuestionDraft {
  categoryId: string;
  question: string;
  answer: string;
  rank: number;
}

export const faqKeys = { all: ['faq'] as const };

export const faqQueries = {
  page: (category: string, q: string) =>
    queryOptions({
      queryKey: [...faqKeys.all, category, q],
      queryFn: ({ signal }) => api.get<FaqPage>('/api/faq', { query: { category: category || undefined, q: q || undefined }, signal }),
    }),
};

/** POST faq/categories, or PUT faq/categories/:id when id is set. */
export function saveCategory(id: string | null, body: { name: string; rank: number }, idempotencyKey: string) {
  if (id) return api.put<{ id: string }>(`/api/faq/categories/${encodeURIComponent(id)}`, body, { idempotencyKey });
  return api.post<{ id: string }>('/api/faq/categories', body, { idempotencyKey });
}

/** DELETE faq/categories/:id (refused while it has questions). */
export function removeCategory(id: string, idempotencyKey: string) {
  return api.delete(`/api/faq/categories/${encodeURIComponent(id)}`, { idempotencyKey });
}

/** POST faq/questions, or PUT faq/questions/:id when id is set. */
export function saveQuestion(id: string | null, body: QuestionDraft, idempotencyKey: string) {
  if (id) return api.put<{ id: string }>(`/api/faq/questions/${encodeURIComponent(id)}`, body, { idempotencyKey });
  return api.post<{ id: string }>('/api/faq/questions', body, { idempotencyKey });
}

/** DELETE faq/questions/:id. */
export function removeQuestion(id: string, idempotencyKey: string) {
  return api.delete(`/api/faq/questions/${encodeURIComponent(id)}`, { idempotencyKey });
}
