import { describe, expect, it } from 'vitest';
import type { Page } from '../api/types';
import { initialList, listReducer, nextPage, type ListState } from './paging';

function page(n: number, rows: string[], hasNext: boolean): Page<string> {
  return { data: rows, currentPage: n, pageSize: 30, totalPages: hasNext ? n + 1 : n, totalCount: 99, hasNext };
}

describe('listing paging (spec §2 team listing and drill-down)', () => {
  it('sends the first page as 1 and appends the pages after it', () => {
    let s: ListState<string> = initialList<string>();
    expect(nextPage(s)).toBe(1);
    s = listReducer(s, { kind: 'loaded', page: page(1, ['a', 'b'], true), generation: s.generation });
    expect(nextPage(s)).toBe(2);
    s = listReducer(s, { kind: 'loaded', page: page(2, ['c'], false), generation: s.generation });
    expect(s.data).toEqual(['a', 'b', 'c']);
    expect(s.hasNext).toBe(false);
  });

  it.each([
    ['search text', { kind: 'search', value: 'ana' }],
    ['sort field', { kind: 'order', value: 'cargo' }],
    ['direction', { kind: 'toggle' }],
  ] as const)('a change of %s goes back to the first page, replacing the rows', (_, action) => {
    let s: ListState<string> = initialList<string>();
    s = listReducer(s, { kind: 'loaded', page: page(1, ['a'], true), generation: s.generation });
    s = listReducer(s, { kind: 'loaded', page: page(2, ['b'], true), generation: s.generation });
    s = listReducer(s, action);
    expect(nextPage(s)).toBe(1);
    s = listReducer(s, { kind: 'loaded', page: page(1, ['z'], false), generation: s.generation });
    expect(s.data).toEqual(['z']);
  });

  it('a reset (user type changed, dialog opened) empties the list at once', () => {
    let s: ListState<string> = initialList<string>();
    s = listReducer(s, { kind: 'loaded', page: page(1, ['a'], true), generation: s.generation });
    s = listReducer(s, { kind: 'reset' });
    expect(s.data).toEqual([]);
    expect(s.totalCount).toBe(0);
    expect(nextPage(s)).toBe(1);
  });

  it('drops an answer to a list that changed since it was asked', () => {
    let s: ListState<string> = initialList<string>();
    const asked = s.generation;
    s = listReducer(s, { kind: 'search', value: 'x' });
    s = listReducer(s, { kind: 'loaded', page: page(1, ['stale'], false), generation: asked });
    expect(s.data).toEqual([]);
  });
});
