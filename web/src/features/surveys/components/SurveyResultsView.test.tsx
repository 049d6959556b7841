import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import type { SurveyResults } from '../api/types';
import { SurveyResultsView } from './SurveyResultsView';

const base: SurveyResults = {
  oa8Ukey: 's1', tipo: 'enps', descricao: 'eNPS', respondentes: 4, exibido: true, minimoRespondentes: 3,
};

describe('SurveyResultsView', () => {
  it('shows the eNPS score, the groups and the distribution 0..10', () => {
    renderWithProviders(
      <SurveyResultsView
        results={{ ...base, enps: { score: 25, promotores: 2, neutros: 1, detratores: 1, distribuicao: [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1] } }}
      />,
    );
    expect(screen.getByTestId('enps-score').textContent).toBe('25');
    expect(screen.getByTestId('results-respondents').textContent).toBe('4 respondentes');
    const chart = screen.getByTestId('enps-distribution');
    expect(within(chart as unknown as HTMLElement).getAllByText('10')).toHaveLength(1);
    // Its text alternative names every column and its count.
    expect(chart).toHaveAttribute('aria-label', '0: 0, 1: 0, 2: 0, 3: 1, 4: 0, 5: 0, 6: 0, 7: 1, 8: 0, 9: 1, 10: 1');
    expect(screen.queryByTestId('results-hidden')).toBeNull();
  });

  it('shows no figures under 3 respondents (anonymity)', () => {
    renderWithProviders(<SurveyResultsView results={{ ...base, respondentes: 2, exibido: false }} />);
    expect(screen.getByTestId('results-hidden').textContent).toBe(
      'Para manter o anonimato, os resultados aparecem a partir de 3 respondentes.',
    );
    expect(screen.queryByTestId('enps-score')).toBeNull();
  });

  it('shows 360 groups by relation, hiding the small ones', () => {
    renderWithProviders(
      <SurveyResultsView
        results={{
          ...base, tipo: '360', avaliado: 'Ana Souza', respondentes: 5, exibido: true,
          relacoes: [
            { relacao: 'manager', respondentes: 1, exibido: false },
            { relacao: 'peer', respondentes: 3, exibido: true, perguntas: [{ ukey: 'q', titulo: 'Comunica', tipo: 1, dimensao: '', respostas: 3, exibido: true, media: 3.5 }] },
          ],
        }}
      />,
    );
    expect(within(screen.getByTestId('relation-manager')).getByText(/anonimato/)).toBeTruthy();
    expect(within(screen.getByTestId('relation-peer')).getByText('Comunica')).toBeTruthy();
    expect(within(screen.getByTestId('relation-peer')).getByText('3.5')).toBeTruthy();
  });
});
