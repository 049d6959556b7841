import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import type { ColleagueCard, PersonRow } from '../api/types';
import { PeopleSearchPage } from './PeopleSearchPage';

const LIST = 'GET /api/rh-app/Colaborador/adm-minha-equipe';
const CARD = 'GET /api/rh-app/colaborador/cartao-apresentacao';

function row(i: number): PersonRow {
  return { id: `e${i}`, nome: `Pessoa ${i}`, email: `p${i}@x.com`, title: 'Analista', departamento: 'Operações', departamentoId: 'd1', unidade: 'Sede', picture: '' };
}

const card: ColleagueCard = {
  id: 'e1', nome: 'Pessoa 1', email: 'p1@x.com', unidade: 'Sede', cargo: 'Analista', departamento: 'Operações', inicio: '2020-03-01',
  Fone: '(11) 90000-0000', picture: '', status: { motivo: 'active' },
  tellMeMore: [{ id: 'a', pergunta: 'Site', resposta: 'https://example.com/p1' }, { id: 'b', pergunta: 'Hobbies', resposta: 'xadrez' }],
};

function signIn(roles: string[]) {
  useSessionStore.getState().login({
    user: { userName: 'helena', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'hash-1', roles, role: roles },
    access_token: 'tok',
  });
}

beforeEach(() => signIn(['pwa-rh-adm']));
afterEach(() => {
  resetAllStores();
  vi.unstubAllGlobals();
});

describe('team listing (spec §2)', () => {
  it('asks nothing while the search is empty, then pages of 30 from page 1, appending the next', async () => {
    const spy = mockFetch({
      [LIST]: (url) => {
        const page = Number(url.searchParams.get('page'));
        const rows = page === 1 ? Array.from({ length: 30 }, (_, i) => row(i)) : [row(30), row(31)];
        return json({ data: rows, currentPage: page, pageSize: 30, totalPages: 2, totalCount: 32, hasNext: page === 1 });
      },
    });
    renderWithProviders(<PeopleSearchPage type="adm" />);
    expect(screen.getByTestId('people-hint')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 400));
    expect(spy).not.toHaveBeenCalled();

    await userEvent.type(screen.getByTestId('people-search'), 'pe');
    await waitFor(() => expect(screen.getAllByTestId('person-row')).toHaveLength(30));
    const first = new URL(String(spy.mock.calls.at(-1)![0]), 'http://x');
    expect(first.searchParams.get('page')).toBe('1');
    expect(first.searchParams.get('pageSize')).toBe('30');
    expect(first.searchParams.get('searchText')).toBe('pe');
    await userEvent.click(screen.getByTestId('people-more'));
    await waitFor(() => expect(screen.getAllByTestId('person-row')).toHaveLength(32));
    expect(new URL(String(spy.mock.calls.at(-1)![0]), 'http://x').searchParams.get('page')).toBe('2');
    expect(screen.queryByTestId('people-more')).toBeNull();
  });

  it('opens a card with the answers as links and, for HR, the contact QR', async () => {
    mockFetch({
      [LIST]: () => json({ data: [row(1)], currentPage: 1, pageSize: 30, totalPages: 1, totalCount: 1, hasNext: false }),
      [CARD]: () => json(card),
    });
    renderWithProviders(<PeopleSearchPage type="adm" />);
    await userEvent.type(screen.getByTestId('people-search'), 'p');
    await userEvent.click(await screen.findByText('Pessoa 1'));
    expect(await screen.findByTestId('card-name')).toHaveTextContent('Pessoa 1');
    expect(screen.getByTestId('card-qr')).toBeInTheDocument();
    expect(screen.getByTestId('card-phone')).toHaveTextContent('(11) 90000-0000');
    await userEvent.click(screen.getByText('Mais informações'));
    expect(await screen.findByRole('link', { name: 'https://example.com/p1' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('xadrez').tagName).not.toBe('A');
  });

  it('shows no QR to an employee', async () => {
    signIn(['pwa-rh-col']);
    mockFetch({
      'GET /api/rh-app/Colaborador/minha-equipe': () => json({ data: [row(1)], currentPage: 1, pageSize: 30, totalPages: 1, totalCount: 1, hasNext: false }),
      [CARD]: () => json({ ...card, Fone: undefined }),
    });
    renderWithProviders(<PeopleSearchPage type="all" />);
    await userEvent.type(screen.getByTestId('people-search'), 'p');
    await userEvent.click(await screen.findByText('Pessoa 1'));
    await screen.findByTestId('card-name');
    expect(screen.queryByTestId('card-qr')).toBeNull();
  });
});
