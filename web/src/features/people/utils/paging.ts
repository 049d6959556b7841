import type { OrderField, Page } from '../api/types';

// The paging rules of the team listing and the drill-down dialog (spec portal-business §2,
// §4): a change of search text, sort field or direction goes back to the first page; a change
// of user type or opening the dialog resets the list; pages after the first are appended; the
// first page is sent as 1 (page = current + 1).

export const PAGE_SIZE = 30;

export interface ListState<T> {
  search: string;
  orderBy: OrderField;
  orderDescending: boolean;
  data: T[];
  /** The last page loaded; 0 before the first. */
  currentPage: number;
  totalPages: number;
  totalCount: number;
  hasNext: boolean;
  /** Bumped by every change that asks for the first page again. */
  generation: number;
}

export type ListAction<T> =
  | { kind: 'search'; value: string }
  | { kind: 'order'; value: OrderField }
  | { kind: 'toggle' }
  | { kind: 'reset' }
  | { kind: 'loaded'; page: Page<T>; generation: number };

export function initialList<T>(orderBy: OrderField = 'nome'): ListState<T> {
  return { search: '', orderBy, orderDescending: false, data: [], currentPage: 0, totalPages: 0, totalCount: 0, hasNext: false, generation: 0 };
}

export function listReducer<T>(s: ListState<T>, a: ListAction<T>): ListState<T> {
  switch (a.kind) {
    case 'search':
      return a.value === s.search ? s : { ...s, search: a.value, currentPage: 0, generation: s.generation + 1 };
    case 'order':
      return a.value === s.orderBy ? s : { ...s, orderBy: a.value, currentPage: 0, generation: s.generation + 1 };
    case 'toggle':
      return { ...s, orderDescending: !s.orderDescending, currentPage: 0, generation: s.generation + 1 };
    case 'reset':
      return { ...initialList<T>(s.orderBy), search: s.search, orderDescending: s.orderDescending, generation: s.generation + 1 };
    case 'loaded': {
      if (a.generation !== s.generation) return s; // an answer to a list that changed since
      const first = a.page.currentPage <= 1;
      return {
        ...s,
        data: first ? a.page.data : [...s.data, ...a.page.data],
        currentPage: a.page.currentPage,
        totalPages: a.page.totalPages,
        totalCount: a.page.totalCount,
        hasNext: a.page.hasNext,
      };
    }
  }
}

/** The page the next request asks for: the first after a change, else the one after the last. */
export function nextPage(s: ListState<unknown>): number {
  return s.currentPage + 1;
}
