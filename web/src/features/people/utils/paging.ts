import type { QueryKey } from '@tanstack/react-query';
import type { OrderField, Page, PageQuery } from '../api/types';

// The paging rules of the team listing and the drill-down dialog (spec portal-business §2,
// §4). The list is an infinite query keyed by what the user chose: a change of search text,
// sort field or direction is a new key, so the pages start over from the first (sent as 1),
// and the last list stays on screen until that first page arrives; a change of user type or
// department (opening the dialog) resets the list: the last one's rows are not shown. Pages
// after the first are appended (page = current + 1). Nothing is asked while a required
// search is empty.

export const PAGE_SIZE = 30;

/** The page a list starts from. */
export const FIRST_PAGE = 1;

/** What the user chose: the search text (as typed), the sort field and direction. */
export interface ListParams {
  search: string;
  orderBy: OrderField;
  orderDescending: boolean;
}

export type ListAction = { kind: 'search'; value: string } | { kind: 'order'; value: OrderField } | { kind: 'toggle' };

export function initialParams(orderBy: OrderField = 'nome'): ListParams {
  return { search: '', orderBy, orderDescending: false };
}

/** The user's choices after an action (the same object when nothing changed). */
export function paramsReducer(s: ListParams, a: ListAction): ListParams {
  switch (a.kind) {
    case 'search':
      return a.value === s.search ? s : { ...s, search: a.value };
    case 'order':
      return a.value === s.orderBy ? s : { ...s, orderBy: a.value };
    case 'toggle':
      return { ...s, orderDescending: !s.orderDescending };
  }
}

/** What a list is asked with, but the page: part of its query key. */
export type ListFilter = Omit<PageQuery, 'page' | 'pageSize'>;

export function listFilter(p: ListParams): ListFilter {
  return { searchQuery: p.search.trim(), orderBy: p.orderBy, orderDescending: p.orderDescending };
}

/** The request of one page of a list. */
export function pageQuery(f: ListFilter, page: number): PageQuery {
  return { ...f, page, pageSize: PAGE_SIZE };
}

/** Whether nothing may be asked: the search is required and empty. */
export function isIdle(p: ListParams, requireSearch: boolean): boolean {
  return requireSearch && p.search.trim() === '';
}

/** The page after the last one loaded, or undefined when it was the last. */
export function nextPageParam(last: Page<unknown>): number | undefined {
  return last.hasNext ? last.currentPage + 1 : undefined;
}

/** The rows of the loaded pages, in order (later pages appended). */
export function listRows<T>(pages: readonly Page<T>[] | undefined): T[] {
  return pages?.flatMap((p) => p.data) ?? [];
}

/** The count of the whole list, as its last loaded page says. */
export function listTotal(pages: readonly Page<unknown>[] | undefined): number {
  return pages?.at(-1)?.totalCount ?? 0;
}

/**
 * Whether an answer of `previous` may stand in while `key` loads: only when the two differ in
 * their last part (the filter, the month), not in what the list is (the user type, the
 * department, birthdays or hires).
 */
export function sameScope(previous: QueryKey | undefined, key: QueryKey): boolean {
  if (!previous || previous.length !== key.length) return false;
  return JSON.stringify(previous.slice(0, -1)) === JSON.stringify(key.slice(0, -1));
}

/** A placeholderData that keeps the last answer within the same scope (see sameScope). */
export function keepWithinScope<D>(key: QueryKey) {
  return (previous: D | undefined, previousQuery: { queryKey: QueryKey } | undefined): D | undefined =>
    sameScope(previousQuery?.queryKey, key) ? previous : undefined;
}
