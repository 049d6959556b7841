import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { page, request } from '../test-data';
import { RequestList, type ListView } from './RequestList';

function slice(extra: Partial<ListView> = {}): ListView {
  return { page: 1, data: page([]), status: 'ready', error: null, updatedAt: 1, ...extra };
}

const file = (id: string, nome: string, tipo: 'pdf' | 'doc' | 'xls' | 'txt' | 'jpg' | 'png') => ({ id, nome, tipo, tamanho: 10, sha256: 'x', url: '' });

describe('RequestList', () => {
  it('says "não há registros para exibição !" when the list is empty', () => {
    renderWithProviders(<RequestList source="request" list={slice()} onOpen={vi.fn()} onPage={vi.fn()} />);
    expect(screen.getByTestId('empty-list')).toHaveTextContent('não há registros para exibição !');
    expect(screen.getByTestId('request-list-count')).toHaveTextContent('Nenhuma solicitação');
  });

  it('shows each request with its translated state and an icon per document type', async () => {
    const r = request('r1', {
      titulo: 'Notebook',
      approvalStatus: 'waiting_hr',
      anexos: [file('a', 'a.pdf', 'pdf'), file('b', 'b.docx', 'doc'), file('c', 'c.xlsx', 'xls'), file('d', 'd.txt', 'txt'), file('e', 'e.jpg', 'jpg')],
    });
    const onOpen = vi.fn();
    renderWithProviders(<RequestList source="request" list={slice({ data: page([r]) })} onOpen={onOpen} onPage={vi.fn()} />);
    expect(screen.getByTestId('request-row-title')).toHaveTextContent('Notebook');
    expect(screen.getByTestId('request-status')).toHaveTextContent('Aguardando RH');
    expect(screen.getAllByTestId('doc-icon').map((i) => i.getAttribute('data-doc-kind'))).toEqual(['pdf', 'doc', 'xls', 'txt', 'jpg']);
    expect(screen.getByTestId('request-list-count')).toHaveTextContent('1 solicitação');
    await userEvent.click(screen.getByTestId('request-row'));
    expect(onOpen).toHaveBeenCalledWith('r1');
  });

  it('says why a list could not be loaded', () => {
    renderWithProviders(<RequestList source="delivery" list={slice({ status: 'failed', error: 'acesso_negado' })} onOpen={vi.fn()} onPage={vi.fn()} />);
    expect(screen.getByTestId('request-list-failed')).toHaveTextContent('Não foi possível carregar a lista. Acesso negado');
  });

  it('pages when there is more than one page', async () => {
    const onPage = vi.fn();
    const data = page([request('r1')], { totalPages: 3, totalCount: 20 });
    renderWithProviders(<RequestList source="approver" list={slice({ data })} onOpen={vi.fn()} onPage={onPage} />);
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(onPage).toHaveBeenCalledWith(2);
    expect(screen.getByLabelText('Próxima página')).toBeInTheDocument();
  });
});

describe('RequestList picking and reordering', () => {
  it('picks rows one by one and all at once', async () => {
    const onChange = vi.fn();
    const data = page([request('r1', { titulo: 'Notebook' }), request('r2', { titulo: 'Cadeira' })]);
    const { rerender } = renderWithProviders(
      <RequestList source="request" list={slice({ data })} onOpen={vi.fn()} onPage={vi.fn()} selection={{ ids: [], onChange }} />,
    );
    await userEvent.click(screen.getByLabelText('Selecionar "Cadeira"'));
    expect(onChange).toHaveBeenLastCalledWith(['r2']);
    await userEvent.click(screen.getByTestId('request-pick-all'));
    expect(onChange).toHaveBeenLastCalledWith(['r1', 'r2']);
    rerender(<RequestList source="request" list={slice({ data })} onOpen={vi.fn()} onPage={vi.fn()} selection={{ ids: ['r1', 'r2'], onChange }} />);
    await userEvent.click(screen.getByTestId('request-pick-all'));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('offers a drag handle per row only when the list may be reordered', () => {
    const data = page([request('r1', { titulo: 'Notebook' }), request('r2', { titulo: 'Cadeira' })]);
    const { rerender } = renderWithProviders(<RequestList source="request" list={slice({ data })} onOpen={vi.fn()} onPage={vi.fn()} />);
    expect(screen.queryByTestId('request-row-handle')).toBeNull();
    expect(screen.queryByTestId('request-row-pick')).toBeNull();
    rerender(<RequestList source="request" list={slice({ data })} onOpen={vi.fn()} onPage={vi.fn()} reorder={{ onMove: vi.fn() }} />);
    expect(screen.getByLabelText('Mover "Cadeira"')).toHaveAttribute('aria-roledescription', 'sortable');
  });
});
