import { describe, expect, it } from 'vitest';
import { peopleQueries } from '../api/queries';
import type { Page } from '../api/types';
import {
  FIRST_PAGE,
  initialParams,
  isIdle,
  keepWithinScope,
  listFilter,
  listRows,
  listTotal,
  nextPageParam,
  pageQuery,
  paramsReducer,
  sameScope,
  type ListParams,
} from './paging';

function page(n: number, rows: string[], hasNext: boolean): Page<string> {
  return { data: rows, currentPage: n, pageSize: 30, totalPages: hasNext ? n + 1 : n, totalCount: 99, hasNext };
}

const keyOf = (p: ListParams, type: 'gestor' | 'adm' = 'adm', dept?: string) => peopleQueries.list(type, listFilter(p), dept).queryKey;

describe('listing paging (spec §2 team listing and drill-down)', () => {
  it('sends the first page as 1, in pages of 30, and appends the pages after it', () => {
    const s = { ...initialParams(), search: ' ana ' };
    expect(pageQuery(listFilter(s), FIRST_PAGE)).toEqual({ searchQuery: 'ana', orderBy: 'nome', orderDescending: false, page: 1, pageSize: 30 });
    const pages = [page(1, ['a', 'b'], true)];
    expect(nextPageParam(pages[0])).toBe(2);
    pages.push(page(2, ['c'], false));
    expect(nextPageParam(pages[1])).toBeUndefined();
    expect(listRows(pages)).toEqual(['a', 'b', 'c']);
    expect(listTotal(pages)).toBe(99);
    expect(listRows(undefined)).toEqual([]);
    expect(listTotal(undefined)).toBe(0);
  });

  it.each([
    ['search text', { kind: 'search', value: 'ana' }],
    ['sort field', { kind: 'order', value: 'cargo' }],
    ['direction', { kind: 'toggle' }],
  ] as const)('a change of %s is another list (its pages start over), the last one shown until it arrives', (_, action) => {
    const before = initialParams();
    const after = paramsReducer(before, action);
    expect(keyOf(after)).not.toEqual(keyOf(before));
    expect(sameScope(keyOf(before), keyOf(after))).toBe(true);
    const shown = { pages: [page(1, ['a'], true), page(2, ['b'], true)] };
    expect(keepWithinScope<typeof shown>(keyOf(after))(shown, { queryKey: keyOf(before) })).toBe(shown);
  });

  it('the same choice again changes nothing; trailing spaces ask nothing new', () => {
    const s = paramsReducer(initialParams(), { kind: 'search', value: 'ana' });
    expect(paramsReducer(s, { kind: 'search', value: 'ana' })).toBe(s);
    expect(paramsReducer(s, { kind: 'order', value: 'nome' })).toBe(s);
    expect(keyOf(paramsReducer(s, { kind: 'search', value: 'ana ' }))).toEqual(keyOf(s));
  });

  it('a reset (user type changed, dialog opened on a department) empties the list at once', () => {
    const s = initialParams();
    const shown = { pages: [page(1, ['a'], true)] };
    expect(sameScope(keyOf(s, 'gestor'), keyOf(s, 'adm'))).toBe(false);
    expect(keepWithinScope<typeof shown>(keyOf(s, 'adm'))(shown, { queryKey: keyOf(s, 'gestor') })).toBeUndefined();
    expect(keepWithinScope<typeof shown>(keyOf(s, 'adm', 'd2'))(shown, { queryKey: keyOf(s, 'adm', 'd1') })).toBeUndefined();
    expect(keepWithinScope<typeof shown>(keyOf(s))(shown, undefined)).toBeUndefined();
  });

  it('asks nothing while a required search is empty or only spaces', () => {
    expect(isIdle(initialParams(), true)).toBe(true);
    expect(isIdle({ ...initialParams(), search: '   ' }, true)).toBe(true);
    expect(isIdle({ ...initialParams(), search: 'a' }, true)).toBe(false);
    expect(isIdle(initialParams(), false)).toBe(false);
  });
});
