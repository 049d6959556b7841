import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import type { PendingSurvey } from '../api/types';
import { PendingSurveysDrawer } from './PendingSurveysDrawer';

// The forms render many Mantine inputs: on a busy machine a test takes longer than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

const PENDING = 'GET /api/avaliacao360/lista-pendentes-login';

function pending(id: string, title: string): PendingSurvey {
  return {
    id, oa8_ukey: `s-${id}`, tipo: 'clima', descricao: title, detalhes: 'Sua opinião importa', avaliado: '',
    inicio: '2026-11-01T00:00:00Z', fim: '2026-11-30T00:00:00Z', activeStep: 0,
    perguntas: [
      { ukey: 'q1', oa8_ukey: `s-${id}`, oa10_ukey: id, oa9_001_c: '', oa9_003_m: `Pergunta de ${title}`, oa9_004_n: 0, oa9_005_c: '',
        oa9_007_m: '', oa9_020_c: '', oa9_021_c: '', oa9_022_n: 0, oa9_100_c: 'já respondida', oa9_101_n: null, oa9_102_b: null,
        oa9_103_n: null, oa9_104_t: null, oa9_105_m: null },
      { ukey: 'q2', oa8_ukey: `s-${id}`, oa10_ukey: id, oa9_001_c: '', oa9_003_m: 'Outra', oa9_004_n: 0, oa9_005_c: '',
        oa9_007_m: '', oa9_020_c: '', oa9_021_c: '', oa9_022_n: 0, oa9_100_c: null, oa9_101_n: null, oa9_102_b: null,
        oa9_103_n: null, oa9_104_t: null, oa9_105_m: null },
    ],
  };
}

beforeEach(() => {
  useSessionStore.getState().login({
    user: { userName: 'ana', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'hash-1' },
    access_token: 'tok',
  });
});
afterEach(() => {
  resetAllStores();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('PendingSurveysDrawer (spec §2 "pesquisas e enquetes")', () => {
  it('opens at sign-in with the cards, the first expanded, its period and progress', async () => {
    mockFetch({ [PENDING]: () => json([pending('r1', 'Clima'), pending('r2', 'Enquete')]) });
    renderWithProviders(<PendingSurveysDrawer />);
    expect(await screen.findByText('pesquisas e enquetes')).toBeInTheDocument();
    expect(screen.getByText('Pergunta de Clima')).toBeInTheDocument(); // the first card is open
    expect(screen.queryByText('Pergunta de Enquete')).toBeNull();
    expect(screen.getAllByText('01/11/2026 a 30/11/2026')).toHaveLength(2);
    expect(screen.getAllByText('Sua opinião importa').length).toBeGreaterThan(0);
    const bars = screen.getAllByTestId('survey-progress');
    expect(bars[0].querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('50');
  });

  it('drops a finished survey even when the list is read before its read model caught up', async () => {
    // The server still lists r1 after its confirmed finish (its projection lags).
    const spy = mockFetch({
      [PENDING]: () => json([pending('r1', 'Clima'), pending('r2', 'Enquete')]),
      'PUT /api/avaliacao360/passo': () => json({ success: true }),
      'POST /api/avaliacao360/finalizar': () => json({ success: true }),
    });
    renderWithProviders(<PendingSurveysDrawer />);
    await screen.findByText('Pergunta de Clima');
    await userEvent.click(screen.getByTestId('survey-next'));
    await userEvent.click(await screen.findByTestId('survey-finish'));
    await userEvent.click(await screen.findByTestId('finish-confirm'));
    // The list is read again, and the next card opens without the finished one.
    await screen.findByText('Pergunta de Enquete');
    await waitFor(() => expect(spy.mock.calls.filter(([u]) => String(u).includes('lista-pendentes-login'))).toHaveLength(2));
    expect(screen.queryByText('Clima')).toBeNull();
    expect(screen.getAllByTestId('survey-card-clima')).toHaveLength(1);
  });

  it('does not open when nothing is pending', async () => {
    const spy = mockFetch({ [PENDING]: () => json([]) });
    renderWithProviders(<PendingSurveysDrawer />);
    await waitFor(() => expect(spy).toHaveBeenCalled());
    expect(screen.queryByText('pesquisas e enquetes')).toBeNull();
  });

  it('is hidden in the manager-requests variant', async () => {
    vi.stubEnv('VITE_MANAGER_REQUESTS', 'true');
    const spy = mockFetch({ [PENDING]: () => json([pending('r1', 'Clima')]) });
    renderWithProviders(<PendingSurveysDrawer />);
    await new Promise((r) => setTimeout(r, 50));
    expect(spy).not.toHaveBeenCalled();
    expect(screen.queryByText('pesquisas e enquetes')).toBeNull();
  });
});
