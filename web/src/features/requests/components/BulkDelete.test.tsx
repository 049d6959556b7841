import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { bulkOutcome } from '../api/bulk-delete';
import { ranksAfterMove } from '../api/rank-request';
import { request } from '../test-data';
import { BulkDeleteOutcome } from './BulkDelete';

describe('bulk delete outcomes (spec §8)', () => {
  it('names success, failure and partial', () => {
    expect(bulkOutcome({ deleted: ['a'], refused: [] })).toBe('success');
    expect(bulkOutcome({ deleted: [], refused: [{ id: 'a', type: 'request', message: 'x' }] })).toBe('failure');
    expect(bulkOutcome({ deleted: ['a'], refused: [{ id: 'b', type: 'request', message: 'x' }] })).toBe('partial');
  });

  it('shows a partial outcome with each refused request and its translated reason', () => {
    const rows = [request('r1', { titulo: 'Notebook' }), request('r2', { titulo: 'Cadeira' }), request('r3', { titulo: 'Mesa' })];
    const result = {
      deleted: ['r1'],
      refused: [
        { id: 'r2', type: 'request', message: 'solicitacao_ja_avaliada_rh' },
        { id: 'r3', type: 'request', message: 'acesso_negado' },
      ],
    };
    renderWithProviders(<BulkDeleteOutcome result={result} rows={rows} onClose={vi.fn()} />);
    const alert = screen.getByTestId('request-bulk-outcome');
    expect(alert).toHaveAttribute('data-outcome', 'partial');
    expect(alert).toHaveTextContent('Exclusão parcial: 1 excluídas, 2 recusadas.');
    const items = screen.getByTestId('request-bulk-refused').querySelectorAll('li');
    expect(items[0]).toHaveTextContent(/^Cadeira: .+/);
    expect(items[0].textContent).not.toContain('solicitacao_ja_avaliada_rh');
    expect(items[1]).toHaveTextContent('Mesa: Acesso negado');
  });

  it('shows a call that failed as a whole as a failure, translated', () => {
    renderWithProviders(<BulkDeleteOutcome result={{ error: 'acesso_negado' }} rows={[]} onClose={vi.fn()} />);
    expect(screen.getByTestId('request-bulk-outcome')).toHaveAttribute('data-outcome', 'failure');
    expect(screen.getByTestId('request-bulk-outcome')).toHaveTextContent('Acesso negado');
  });
});

describe('rank after a move', () => {
  it('numbers the page in its new order after earlier pages and sends only the changed ranks', () => {
    const rows = [
      { ac4Ukey: 'a', rank: 11 },
      { ac4Ukey: 'b', rank: 12 },
      { ac4Ukey: 'c', rank: 13 },
    ];
    const { rows: moved, changes } = ranksAfterMove(rows, 2, 0, 10);
    expect(moved.map((r) => r.ac4Ukey)).toEqual(['c', 'a', 'b']);
    expect(changes).toEqual([
      { ac4Ukey: 'c', rank: 11 },
      { ac4Ukey: 'a', rank: 12 },
      { ac4Ukey: 'b', rank: 13 },
    ]);
    expect(ranksAfterMove(rows, 0, 0, 10).changes).toEqual([]);
  });
});
