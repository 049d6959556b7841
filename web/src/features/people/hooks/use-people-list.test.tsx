import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { json, mockFetch, testQueryClient } from '@/test/render';
import type { PersonRow } from '../api/types';
import { usePeopleList } from './use-people-list';

const LIST = 'GET /api/rh-app/Colaborador/adm-minha-equipe';

function row(i: number): PersonRow {
  return { id: `e${i}`, nome: `Pessoa ${i}`, email: '', title: '', departamento: '', departamentoId: 'd1', unidade: '', picture: '' };
}

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>;
}

const asked = (spy: ReturnType<typeof mockFetch>) => spy.mock.calls.map(([u]) => new URL(String(u), 'http://x').searchParams);

afterEach(() => vi.unstubAllGlobals());

describe('usePeopleList', () => {
  it('asks nothing while the search is empty; pages from 1, appends the next; a new order starts over, the last rows shown meanwhile', async () => {
    let release: () => void = () => undefined;
    const spy = mockFetch({
      [LIST]: async (url) => {
        const page = Number(url.searchParams.get('page'));
        const descending = url.searchParams.get('orderDescending') === 'true';
        if (descending) await new Promise<void>((r) => (release = r));
        const rows = page === 1 ? Array.from({ length: 30 }, (_, i) => row(descending ? 100 + i : i)) : [row(30), row(31)];
        return json({ data: rows, currentPage: page, pageSize: 30, totalPages: 2, totalCount: 32, hasNext: page === 1 });
      },
    });
    const { result } = renderHook(() => usePeopleList('adm', { requireSearch: true }), { wrapper });
    expect(result.current.idle).toBe(true);
    act(() => result.current.setSearch('   '));
    expect(result.current.idle).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(spy).not.toHaveBeenCalled();

    act(() => result.current.setSearch('pe'));
    await waitFor(() => expect(result.current.rows).toHaveLength(30));
    expect(asked(spy)[0].get('page')).toBe('1');
    expect(asked(spy)[0].get('pageSize')).toBe('30');
    expect(asked(spy)[0].get('searchText')).toBe('pe');
    expect(result.current.hasNext).toBe(true);
    expect(result.current.totalCount).toBe(32);

    act(() => result.current.more());
    await waitFor(() => expect(result.current.rows).toHaveLength(32));
    expect(asked(spy).at(-1)!.get('page')).toBe('2');
    expect(result.current.hasNext).toBe(false);

    act(() => result.current.toggleOrder());
    await waitFor(() => expect(asked(spy).at(-1)!.get('orderDescending')).toBe('true'));
    expect(asked(spy).at(-1)!.get('page')).toBe('1');
    expect(result.current.rows).toHaveLength(32); // the last list, until the first page arrives
    expect(result.current.loading).toBe(true);
    act(() => release());
    await waitFor(() => expect(result.current.rows[0].id).toBe('e100'));
    expect(result.current.rows).toHaveLength(30);
    expect(result.current.loading).toBe(false);
  });

  it('a department (the drill-down) is asked at once, with its id', async () => {
    const spy = mockFetch({ [LIST]: () => json({ data: [row(1)], currentPage: 1, pageSize: 30, totalPages: 1, totalCount: 1, hasNext: false }) });
    const { result } = renderHook(() => usePeopleList('adm', { departamento: 'd7' }), { wrapper });
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    expect(asked(spy)[0].get('departamento')).toBe('d7');
    expect(asked(spy)[0].get('page')).toBe('1');
  });
});
