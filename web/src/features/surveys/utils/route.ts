import type { SurveyFilter } from '../api/types';

/**
 * Reads the rest of a survey list route (spec §2: filter/:filterHandle/:id? and
 * :folderHandle/:id?, default all): the filter and the survey whose dashboard is open.
 */
export function parseListPath(rest: string | undefined): { filter: SurveyFilter; id: string | null } {
  const parts = (rest ?? '').split('/').filter(Boolean);
  if (parts[0] === 'filter' && (parts[1] === '0' || parts[1] === '2')) {
    return { filter: parts[1], id: parts[2] ?? null };
  }
  return { filter: 'all', id: parts[0] === 'all' ? (parts[1] ?? null) : null };
}

/** The route of a list filter with an open dashboard, the inverse of parseListPath. */
export function listPath(base: string, filter: SurveyFilter, id?: string | null): string {
  const head = filter === 'all' ? `${base}/all` : `${base}/filter/${filter}`;
  return id ? `${head}/${id}` : head;
}
