import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { localDateKey } from '@/lib/datetime';
import { connectLiveQueries, receivePublication } from '@/lib/live-stream';
import { useSessionStore } from '@/lib/session-store';
import type { SessionUser } from '@/lib/session-types';
import { LIVE_QUERIES } from '@/app/live-queries';
import { json, mockFetch, renderWithProviders, testQueryClient } from '@/test/render';
import { useClockStore } from '../store/clock-store';
import { ClockPanel } from './ClockPanel';

const HIST = 'GET /api/rh-app/colaborador/v2/historico-ponto';
const NEAR = 'GET /api/rh-app/colaborador/local-aproximado';
const SAVED = 'GET /api/rh-app/colaborador/historico-endereco-ponto';
const DEL = 'DELETE /api/rh-app/colaborador/historico-endereco-ponto';
const REG = 'POST /api/rh-app/colaborador/v2/registrar-ponto';

const LAT = -23.5614;
const LON = -46.6559;

function signIn(extra: Partial<SessionUser> = {}) {
  useSessionStore.getState().login({
    user: {
      userName: 'ana',
      accessCode: 'DEMOCORP',
      tenId: 'tenant-1',
      hash: 'hash-1',
      displayName: 'Ana Souza',
      dynamicAccess: { altera_localizacao: 1 },
      layoff: [],
      cercaVirtual: [{ desc: 'Sede Paulista', lat: -23.5614, lon: -46.6565 }],
      ...extra,
    },
    access_token: 'tok',
  });
}

type GeoCall = [PositionCallback, PositionErrorCallback | undefined, PositionOptions | undefined];

function mockGeolocation(result: 'ok' | 'denied') {
  const getCurrentPosition = vi.fn((...args: GeoCall) => {
    const [ok, fail] = args;
    if (result === 'ok') ok({ coords: { latitude: LAT, longitude: LON } } as GeolocationPosition);
    else fail?.({ code: 1, message: 'denied' } as GeolocationPositionError);
  });
  Object.defineProperty(window.navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition },
  });
  return getCurrentPosition;
}

function marks(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    n09_001_t: `2024-08-${String(i + 1).padStart(2, '0')}T08:15:00`,
    endereco: `Endereço ${i + 1}`,
  }));
}

const savedAddresses = Array.from({ length: 5 }, (_, i) => ({
  ukey: `k${i + 1}`,
  endereco: `Salvo ${i + 1}`,
  latitude: -23.5 - i / 100,
  longitude: -46.6,
  timestamp: '2024-08-01T08:00:00',
}));

function handlers(overrides: Record<string, Parameters<typeof mockFetch>[0][string]> = {}) {
  return mockFetch({
    [HIST]: () => json(marks(3)),
    [NEAR]: () => json({ endereco: 'Av. Paulista, 1000', latitude: LAT, longitude: LON, source: 'address' }),
    [SAVED]: () => json(savedAddresses),
    [REG]: () => json({ success: true, data: { n09_001_t: '2024-08-15T09:00:00', endereco: 'Av. Paulista, 1000' } }),
    [DEL]: () => json({ success: true }),
    ...overrides,
  });
}

// Each test drives the whole panel (geolocation, three reads, toasts): slow on a busy machine.
vi.setConfig({ testTimeout: 15_000 });

describe('ClockPanel', () => {
  beforeEach(() => {
    useClockStore.getState().open();
  });
  afterEach(() => {
    act(() => notifications.clean());
    useClockStore.getState().reset();
    useSessionStore.getState().reset();
  });

  it('asks for a fresh precise position and shows the approximate place with its source', async () => {
    signIn();
    const geo = mockGeolocation('ok');
    const fetchSpy = handlers();
    renderWithProviders(<ClockPanel />);

    expect(await screen.findByTestId('clock-address')).toHaveTextContent('Av. Paulista, 1000');
    expect(screen.getByTestId('clock-source')).toHaveTextContent('Origem: catálogo de endereços');
    expect(geo.mock.calls[0][2]).toEqual({ enableHighAccuracy: true, timeout: 5000, maximumAge: 0 });
    const near = fetchSpy.mock.calls.map(([u]) => new URL(String(u), 'http://x')).find((u) => u.pathname.endsWith('local-aproximado'));
    expect(near?.searchParams.get('latitude')).toBe(String(LAT));
    expect(near?.searchParams.get('userHash')).toBe('hash-1');
    expect(screen.getByTestId('clock-register')).toBeEnabled();
    // The address change runs the highlight pulse.
    expect(screen.getByTestId('clock-address-box')).toHaveAttribute('data-pulse', 'on');
    // Nearest fence with a green badge (≈61 m).
    expect(screen.getByTestId('clock-fence')).toHaveTextContent('Sede Paulista');
    expect(screen.getByTestId('clock-fence-distance').textContent).toMatch(/61\s?m/);
  });

  it('falls back to the raw coordinates when there is no approximate place', async () => {
    signIn();
    mockGeolocation('ok');
    handlers({ [NEAR]: () => json({ message: 'erro_interno', errors: [] }, 500) });
    renderWithProviders(<ClockPanel />);
    expect(await screen.findByTestId('clock-address')).toHaveTextContent('-23.561400, -46.655900');
    expect(screen.getByTestId('clock-source')).toHaveTextContent('coordenadas');
  });

  it('keeps register disabled without an address', async () => {
    signIn();
    mockGeolocation('denied');
    handlers();
    renderWithProviders(<ClockPanel />);
    expect(await screen.findByText('A permissão de localização foi negada.')).toBeInTheDocument();
    expect(screen.queryByTestId('clock-address')).not.toBeInTheDocument();
    expect(screen.getByTestId('clock-register')).toBeDisabled();
  });

  it('keeps register disabled while a layoff period covers today', async () => {
    const today = localDateKey(new Date());
    signIn({ layoff: [{ start: today, end: today }] });
    mockGeolocation('ok');
    handlers();
    renderWithProviders(<ClockPanel />);
    expect(await screen.findByTestId('clock-address')).toHaveTextContent('Av. Paulista');
    expect(screen.getByTestId('clock-layoff')).toBeInTheDocument();
    expect(screen.getByTestId('clock-register')).toBeDisabled();
  });

  it('registers, toasts success and stays disabled until the panel closes', async () => {
    const user = userEvent.setup();
    signIn();
    mockGeolocation('ok');
    const fetchSpy = handlers();
    renderWithProviders(<ClockPanel />);
    await screen.findByTestId('clock-address');
    await user.click(screen.getByTestId('clock-register'));

    expect(await screen.findByText('Marcação salva com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('clock-register')).toBeDisabled());

    const call = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST');
    const body = JSON.parse(String(call?.[1]?.body));
    expect(body.n09_001_t).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(body.localSelecionado).toEqual({ endereco: 'Av. Paulista, 1000', latitude: String(LAT), longitude: String(LON) });
    expect(body.cercaVirtual).toEqual([{ desc: 'Sede Paulista', lat: -23.5614, lon: -46.6565 }]);
    expect(body.cercaProxima).toMatchObject({ desc: 'Sede Paulista', dist: 61 });
    expect(body.bygoogle).toBe(false);

    act(() => useClockStore.getState().close());
    expect(useClockStore.getState().registered).toBe(false);
  });

  it('tries a briefly unavailable server again with the same Idempotency-Key, then shows the new mark', async () => {
    const user = userEvent.setup();
    signIn();
    mockGeolocation('ok');
    let attempts = 0;
    let history = marks(1);
    const fetchSpy = handlers({
      [HIST]: () => json(history),
      [REG]: () => {
        attempts += 1;
        if (attempts === 1) return json({ message: 'indisponivel' }, 503);
        history = marks(2);
        return json({ success: true, data: history[1] });
      },
    });
    renderWithProviders(<ClockPanel />);
    await waitFor(() => expect(screen.getAllByTestId('clock-mark')).toHaveLength(1));
    await user.click(screen.getByTestId('clock-register'));
    expect(await screen.findByText('Marcação salva com sucesso', undefined, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('clock-mark')).toHaveLength(2));
    const keys = fetchSpy.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('toasts the translated refusal, or the generic failure', async () => {
    const user = userEvent.setup();
    signIn();
    mockGeolocation('ok');
    handlers({
      [REG]: () => json({ message: 'fora_da_area', errors: [{ type: 'localSelecionado', message: 'fora_da_area' }] }, 422),
    });
    renderWithProviders(<ClockPanel />);
    await screen.findByTestId('clock-address');
    await user.click(screen.getByTestId('clock-register'));
    expect(await screen.findByText('Você está fora da área')).toBeInTheDocument();
    expect(screen.getByTestId('clock-register')).toBeEnabled();

    handlers({ [REG]: () => json({ message: 'something_unknown' }, 500) });
    await user.click(screen.getByTestId('clock-register'));
    expect(await screen.findByText('Não foi possível salvar a solicitação')).toBeInTheDocument();
  });

  it('lists at most 10 recent marks, newest first', async () => {
    signIn();
    mockGeolocation('ok');
    handlers({ [HIST]: () => json(marks(12)) });
    renderWithProviders(<ClockPanel />);
    await waitFor(() => expect(screen.getAllByTestId('clock-mark')).toHaveLength(10));
    const items = screen.getAllByTestId('clock-mark');
    expect(items[0]).toHaveTextContent('Endereço 12');
    expect(items[9]).toHaveTextContent('Endereço 3');
    // pt-BR date format
    expect(items[0]).toHaveTextContent('12/08/2024');
  });

  it('hides the other addresses unless altera_localizacao is 0', async () => {
    signIn({ dynamicAccess: { altera_localizacao: 1 } });
    mockGeolocation('ok');
    handlers();
    renderWithProviders(<ClockPanel />);
    await screen.findByTestId('clock-address');
    expect(screen.queryByTestId('clock-other-addresses')).not.toBeInTheDocument();
  });

  it('picks a saved address, disables search at 5, and removes with confirmation', async () => {
    const user = userEvent.setup();
    signIn({ dynamicAccess: { altera_localizacao: 0 } });
    mockGeolocation('ok');
    const fetchSpy = handlers();
    renderWithProviders(<ClockPanel />);
    await screen.findByTestId('clock-address');
    await waitFor(() => expect(screen.getAllByTestId('clock-saved-address')).toHaveLength(5));
    expect(screen.getByTestId('clock-search')).toBeDisabled();

    const second = screen.getAllByTestId('clock-saved-address')[1];
    await user.click(within(second).getByRole('button', { name: 'Usar este endereço' }));
    expect(screen.getByTestId('clock-address')).toHaveTextContent('Salvo 2');
    expect(screen.getByTestId('clock-source')).toHaveTextContent('catálogo de endereços');

    await user.click(within(second).getByRole('button', { name: 'Remover endereço' }));
    await user.click(await screen.findByTestId('clock-remove-confirm'));
    expect(await screen.findByText('Removido com sucesso')).toBeInTheDocument();
    const del = fetchSpy.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(new URL(String(del?.[0]), 'http://x').searchParams.get('ukey')).toBe('k2');
  });

  it('shows the server message, else the generic one, when removal fails', async () => {
    const user = userEvent.setup();
    signIn({ dynamicAccess: { altera_localizacao: 0 } });
    mockGeolocation('ok');
    handlers({ [DEL]: () => json({}, 500) });
    renderWithProviders(<ClockPanel />);
    await waitFor(() => expect(screen.getAllByTestId('clock-saved-address')).toHaveLength(5));
    await user.click(within(screen.getAllByTestId('clock-saved-address')[0]).getByRole('button', { name: 'Remover endereço' }));
    await user.click(await screen.findByTestId('clock-remove-confirm'));
    // No message in the body: the status default (erro_interno) is translated.
    expect(await screen.findByText('Erro interno do servidor')).toBeInTheDocument();
  });

  it('types an address label that uses the captured coordinates when fewer than 5 are saved', async () => {
    const user = userEvent.setup();
    signIn({ dynamicAccess: { altera_localizacao: 0 } });
    mockGeolocation('ok');
    handlers({ [SAVED]: () => json(savedAddresses.slice(0, 2)) });
    renderWithProviders(<ClockPanel />);
    await screen.findByTestId('clock-address');
    await waitFor(() => expect(screen.getByTestId('clock-search')).toBeEnabled());
    await user.click(screen.getByTestId('clock-search'));
    await user.type(screen.getByTestId('clock-search-input'), 'Cliente Centro{Enter}');
    expect(screen.getByTestId('clock-address')).toHaveTextContent('Cliente Centro');
    expect(useClockStore.getState().chosen).toMatchObject({ latitude: LAT, longitude: LON, source: 'typed' });
  });

  it('re-reads the history when the live stream announces clock.mark', async () => {
    signIn();
    mockGeolocation('ok');
    let history = marks(1);
    handlers({ [HIST]: () => json(history) });
    const queryClient = testQueryClient();
    const disconnect = connectLiveQueries(queryClient, LIVE_QUERIES);
    renderWithProviders(<ClockPanel />, { queryClient });
    await waitFor(() => expect(screen.getAllByTestId('clock-mark')).toHaveLength(1));
    history = marks(2);
    act(() => receivePublication('user:t.u', { id: 1, topic: 'clock.mark', data: { userHash: 'hash-1', n09_001_t: '2024-08-02T08:15:00' }, position: 9 }));
    await waitFor(() => expect(screen.getAllByTestId('clock-mark')).toHaveLength(2));
    disconnect();
  });
});
