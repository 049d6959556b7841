import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { GlobalSearch } from './GlobalSearch';

const entries = [
  { id: 'rh_007_001', title: 'Ponto eletrônico' },
  { id: 'rh_003_03', title: 'Admitidos no mês' },
  ...Array.from({ length: 14 }, (_, i) => ({ id: `r${i}`, title: `Relatório ${i}` })),
];

describe('GlobalSearch', () => {
  it('opens by the icon, matches without accents, chooses, and closes by Escape or a click away', async () => {
    const user = userEvent.setup();
    const onChoose = vi.fn();
    renderWithProviders(
      <>
        <GlobalSearch entries={entries} onChoose={onChoose} />
        <button type="button">elsewhere</button>
      </>,
    );
    expect(screen.queryByTestId('search-input')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('search-open'));
    await user.type(screen.getByTestId('search-input'), '  ELETRONICO ');
    expect(screen.getByTestId('search-result-rh_007_001')).toHaveTextContent('Ponto eletrônico');
    await user.click(screen.getByTestId('search-result-rh_007_001'));
    expect(onChoose).toHaveBeenCalledWith('rh_007_001');
    expect(screen.queryByTestId('search-input')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('search-open'));
    await user.type(screen.getByTestId('search-input'), 'relatorio');
    expect(screen.getAllByRole('option')).toHaveLength(10);
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('search-input')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('search-open'));
    await user.type(screen.getByTestId('search-input'), 'xyz');
    expect(screen.getByTestId('search-empty')).toHaveTextContent('nenhum resultado..');
    await user.click(screen.getByText('elsewhere'));
    await waitFor(() => expect(screen.queryByTestId('search-input')).not.toBeInTheDocument());
  }, 20_000);
});
