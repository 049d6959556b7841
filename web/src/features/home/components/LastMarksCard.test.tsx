import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { LIVE_QUERIES } from '@/app/live-queries';
import { connectLiveQueries, deliverLive } from '@/lib/live-stream';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, renderWithProviders, testQueryClient } from '@/test/render';
import { HOME_MARKS, LastMarksCard } from './LastMarksCard';

const HIST = 'GET /api/rh-app/colaborador/v2/historico-ponto';

const marks = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ n09_001_t: `2024-08-${String(i + 1).padStart(2, '0')}T08:15:00`, endereco: `Endereço ${i + 1}` }));

afterEach(() => {
  resetAllStores();
  vi.unstubAllGlobals();
});

describe('LastMarksCard', () => {
  it('shows the 5 newest marks, and says so when there are none', async () => {
    useSessionStore.getState().login({ user: { userName: 'ana', accessCode: 'DEMOCORP', tenId: 't1', hash: 'h1' }, access_token: 'tok' });
    mockFetch({ [HIST]: () => json(marks(7)) });
    renderWithProviders(<LastMarksCard />);
    await waitFor(() => expect(screen.getAllByTestId('home-mark')).toHaveLength(HOME_MARKS));
    expect(screen.getAllByTestId('home-mark')[0]).toHaveTextContent('Endereço 7');

    mockFetch({ [HIST]: () => json(null) });
    renderWithProviders(<LastMarksCard />);
    expect(await screen.findByText('não há registros para exibição !')).toBeInTheDocument();
  });

  it('reads the marks again when the push announces a mark', async () => {
    useSessionStore.getState().login({ user: { userName: 'ana', accessCode: 'DEMOCORP', tenId: 't1', hash: 'h1' }, access_token: 'tok' });
    let list = marks(1);
    mockFetch({ [HIST]: () => json(list) });
    const queryClient = testQueryClient();
    const disconnect = connectLiveQueries(queryClient, LIVE_QUERIES);
    renderWithProviders(<LastMarksCard />, { queryClient });
    await waitFor(() => expect(screen.getAllByTestId('home-mark')).toHaveLength(1));
    list = marks(2);
    act(() => deliverLive('clock.mark', { n09_001_t: '2024-08-02T08:15:00' }));
    await waitFor(() => expect(screen.getAllByTestId('home-mark')).toHaveLength(2));
    disconnect();
  });
});
