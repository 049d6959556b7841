import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { LIVE_QUERIES } from '@/app/live-queries';
import { connectLiveQueries, deliverLive } from '@/lib/live-stream';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, renderWithProviders, testQueryClient } from '@/test/render';
import { MoodCheckIn } from './MoodCheckIn';

const STATE = 'GET /api/gen/HumorEnergy/checkin';
const POST = 'POST /api/gen/HumorEnergy';
const open = { enabled: true, visible: true, coolDownSeconds: 60, nextAt: null };

beforeEach(() => {
  localStorage.clear();
  useSessionStore.getState().login({
    user: { userName: 'ana', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'hash-1', displayName: 'Ana Souza' },
    access_token: 'tok',
  });
});

afterEach(() => {
  notifications.clean();
  resetAllStores();
  vi.unstubAllGlobals();
});

const sliders = () => screen.getAllByRole('slider');

describe('MoodCheckIn (spec portal-business §2 mood and energy check-in)', () => {
  it('shows two sliders from 1 to 5 with random starts and the question', async () => {
    mockFetch({ [STATE]: () => json(open) });
    const values = [0.5, 0.9999];
    renderWithProviders(<MoodCheckIn random={() => values.shift() ?? 0} />);
    expect(await screen.findByText('Como você está se sentindo hoje?')).toBeInTheDocument();
    const [humor, energy] = sliders();
    expect(humor).toHaveAttribute('aria-valuemin', '1');
    expect(humor).toHaveAttribute('aria-valuemax', '5');
    expect(humor).toHaveAttribute('aria-valuenow', '3');
    expect(energy).toHaveAttribute('aria-valuenow', '5');
    expect(screen.getByTestId('mood-humor-label')).toHaveTextContent('Neutro (3.0)');
    expect(screen.getByTestId('mood-energy-label')).toHaveTextContent('Cheio de energia (5.0)');
  });

  it('moves in steps of 0.1, sends the values, thanks and hides behind a marker', async () => {
    const fetchSpy = mockFetch({
      [STATE]: () => json(open),
      [POST]: () => json({ succeeded: true, humor: 3.2, energy: 1.9, data: '2024-05-10T12:00:00Z' }),
    });
    const values = [0.5, 0.25];
    const { unmount } = renderWithProviders(<MoodCheckIn random={() => values.shift() ?? 0} />);
    await screen.findByTestId('mood-checkin');
    const [humor, energy] = sliders();
    expect(energy).toHaveAttribute('aria-valuenow', '2'); // 1 + floor(0.25*41)/10 = 2.0
    humor.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    energy.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(humor).toHaveAttribute('aria-valuenow', '3.2');
    expect(energy).toHaveAttribute('aria-valuenow', '1.9');
    await userEvent.click(screen.getByTestId('mood-send'));

    expect(await screen.findByText('Obrigado pela sua participação!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('mood-checkin')).not.toBeInTheDocument());
    const post = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ humor: 3.2, energy: 1.9 });
    expect(String(post?.[0])).toContain('tenId=tenant-1');

    // The marker keeps it hidden after a reload, even if the server still says visible.
    unmount();
    renderWithProviders(<MoodCheckIn />);
    await waitFor(() => expect(fetchSpy.mock.calls.filter(([u]) => String(u).includes('/checkin'))).toHaveLength(2));
    expect(screen.queryByTestId('mood-checkin')).not.toBeInTheDocument();
  });

  it('hides when the same user checks in from another tab (mood.checked_in makes its state stale)', async () => {
    let state: Record<string, unknown> = open;
    mockFetch({ [STATE]: () => json(state) });
    const queryClient = testQueryClient();
    const disconnect = connectLiveQueries(queryClient, LIVE_QUERIES);
    try {
      renderWithProviders(<MoodCheckIn />, { queryClient });
      await screen.findByTestId('mood-checkin');
      state = { ...open, visible: false, nextAt: '2024-05-10T12:01:00Z' };
      deliverLive('mood.checked_in', { userHash: 'hash-1', employeeId: 'e-ana', humor: 3, energy: 3, data: '2024-05-10T12:00:00Z' });
      await waitFor(() => expect(screen.queryByTestId('mood-checkin')).not.toBeInTheDocument());
    } finally {
      disconnect();
    }
  });

  it.each([
    ['a translated server message', { message: 'aguarde_novo_registro', errors: [{ type: 'checkin', message: 'aguarde_novo_registro' }] }, 422,
      'Você já registrou seu humor há pouco. Tente novamente mais tarde.'],
    ['a shared server message', { message: 'acesso_negado', errors: [{ type: 'request', message: 'acesso_negado' }] }, 403, 'Acesso negado'],
    ['an unknown message', { message: 'algo_estranho', errors: [] }, 500, 'Não foi possível salvar.'],
  ])('shows %s when sending fails and stays', async (_name, body, status, text) => {
    mockFetch({ [STATE]: () => json(open), [POST]: () => json(body, status) });
    renderWithProviders(<MoodCheckIn random={() => 0.5} />);
    await userEvent.click(await screen.findByTestId('mood-send'));
    const alert = await screen.findByTestId('mood-error');
    expect(alert).toHaveTextContent(text);
    expect(screen.getByTestId('mood-checkin')).toBeInTheDocument();
    expect(localStorage.getItem('portal-mood-marker:hash-1')).toBeNull();
  });

  it.each([
    ['without the payroll tool or with the denial', { ...open, enabled: false, visible: false }],
    ['within the cool-down', { ...open, visible: false, nextAt: '2024-05-10T12:01:00Z' }],
  ])('is hidden %s', async (_name, state) => {
    const spy = mockFetch({ [STATE]: () => json(state) });
    renderWithProviders(<MoodCheckIn />);
    await waitFor(() => expect(spy).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('mood-checkin')).not.toBeInTheDocument();
  });
});
