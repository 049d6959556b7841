import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { ChartAlt } from './ChartAlt';

describe('ChartAlt', () => {
  it('makes the chart one image named after what it shows and described by its table', () => {
    renderWithProviders(
      <>
        <ChartAlt title="Ausências" tableId="figures">
          <svg>
            <text>12</text>
          </svg>
        </ChartAlt>
        <table id="figures">
          <tbody>
            <tr>
              <td>jan 12</td>
            </tr>
          </tbody>
        </table>
      </>,
    );
    const chart = screen.getByRole('img', { name: 'Gráfico: Ausências. Os valores estão na tabela ligada a ele.' });
    expect(chart).toHaveAccessibleDescription('jan 12');
  });

  it('names the figures of a chart without a table', () => {
    renderWithProviders(
      <ChartAlt title="eNPS por semana" figures="12/10: 40, 19/10: 55">
        <svg />
      </ChartAlt>,
    );
    expect(screen.getByRole('img', { name: 'Gráfico: eNPS por semana. 12/10: 40, 19/10: 55' })).not.toHaveAttribute('aria-describedby');
  });
});
