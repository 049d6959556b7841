import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import { useSessionStore } from '@/lib/session-store';
import type { SessionUser } from '@/lib/session-types';
import { isKiosk } from '../utils/kiosk-punch';
import { KioskScreen } from './KioskScreen';

const KIOSK: SessionUser = {
  userName: 'totem.portaria',
  accessCode: 'DEMOCORP',
  tenId: 'tenant-1',
  hash: 'kiosk-hash',
  role: ['totem-totem-totem-totem-totem'],
};

function stubPosition(lat = -23.5614, lon = -46.6559) {
  const geolocation = {
    getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: lat, longitude: lon } } as GeolocationPosition),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
}

function fill(userName: string, password: string) {
  fireEvent.change(screen.getByTestId('kiosk-username'), { target: { value: userName } });
  fireEvent.change(screen.getByTestId('kiosk-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('kiosk-punch'));
}

describe('kiosk (public terminal) flow', () => {
  beforeEach(() => {
    stubPosition();
    useSessionStore.getState().login({ user: KIOSK, access_token: 'kiosk-token', refreshToken: 'kiosk-refresh' });
  });
  afterEach(() => {
    useSessionStore.getState().reset();
    vi.unstubAllGlobals();
  });

  it('recognises the kiosk account by its role', () => {
    expect(isKiosk(KIOSK)).toBe(true);
    expect(isKiosk({ role: ['pwa-rh-col'] })).toBe(false);
    expect(isKiosk(null)).toBe(false);
  });

  it('signs the employee in, punches with their token, signs them out and keeps the kiosk session', async () => {
    const fetchSpy = mockFetch({
      'POST /api/auth/login': () =>
        json({
          user: { userName: 'ana.souza', displayName: 'Ana Souza', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'ana-hash', cercaVirtual: [] },
          access_token: 'ana-token',
          refreshToken: 'ana-refresh',
        }),
      'POST /api/rh-app/colaborador/v2/registrar-ponto': () =>
        json({ success: true, data: { n09_001_t: '2024-08-01T08:00:00', endereco: 'Av. Paulista' } }),
      'POST /api/auth/logout': () => json({ success: true }),
      'GET /api/rep/receipts': () => json([{ markId: 'm-1', nsr: 42, hash: 'AB'.repeat(32) }]),
      'GET /api/rep/receipts/m-1/pdf': () => new Response(new Blob(['%PDF-1.3']), { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    renderWithProviders(<KioskScreen />);
    fill('  ana.souza ', 'Demo@2024!');

    expect(await screen.findByTestId('kiosk-success')).toHaveTextContent('Ana Souza');
    const calls = fetchSpy.mock.calls.map(([u, init]) => ({ url: new URL(String(u), 'http://localhost'), init: init ?? {} }));
    // The punch's receipt (issue 31) is read with the employee's token before the sign-out.
    expect(calls.map((c) => c.url.pathname)).toEqual([
      '/api/auth/login',
      '/api/rh-app/colaborador/v2/registrar-ponto',
      '/api/rep/receipts',
      '/api/rep/receipts/m-1/pdf',
      '/api/auth/logout',
    ]);
    const [loginCall, markCall, receiptsCall, pdfCall, logoutCall] = calls;
    for (const c of [receiptsCall, pdfCall]) expect((c.init.headers as Record<string, string>).Authorization).toBe('Bearer ana-token');
    expect(screen.getByTestId('kiosk-receipt')).toHaveTextContent('NSR 000000042');
    expect(JSON.parse(String(loginCall.init.body))).toMatchObject({ accessCode: 'DEMOCORP', userName: 'ana.souza', password: 'Demo@2024!' });
    expect((loginCall.init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect((markCall.init.headers as Record<string, string>).Authorization).toBe('Bearer ana-token');
    expect((markCall.init.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    expect(markCall.url.searchParams.get('userHash')).toBe('ana-hash');
    expect(markCall.url.searchParams.get('tenId')).toBe('tenant-1');
    const mark = JSON.parse(String(markCall.init.body));
    expect(mark.localSelecionado).toMatchObject({ latitude: '-23.5614', longitude: '-46.6559' });
    expect(mark.n09_001_t).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect((logoutCall.init.headers as Record<string, string>).Authorization).toBe('Bearer ana-token');
    expect(JSON.parse(String(logoutCall.init.body))).toEqual({ refreshToken: 'ana-refresh', accessCode: 'DEMOCORP' });

    // The kiosk stays signed in as itself, and the form is empty for the next employee.
    const s = useSessionStore.getState();
    expect(s.accessToken).toBe('kiosk-token');
    expect(s.user?.userName).toBe('totem.portaria');
    expect(screen.getByTestId('kiosk-username')).toHaveValue('');
    expect(screen.getByTestId('kiosk-password')).toHaveValue('');
  });

  it('shows the refusal of a wrong password and punches nothing', async () => {
    const fetchSpy = mockFetch({
      'POST /api/auth/login': () => json({ message: 'nao_autorizado', errors: [{ type: 'password', message: 'nao_autorizado' }] }, 401),
    });
    renderWithProviders(<KioskScreen />);
    fill('ana.souza', 'wrong');
    expect(await screen.findByTestId('kiosk-error')).toHaveTextContent('Não autorizado');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState().accessToken).toBe('kiosk-token');
  });

  it('signs the employee out even when the punch is refused', async () => {
    const fetchSpy = mockFetch({
      'POST /api/auth/login': () =>
        json({ user: { userName: 'x', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'h' }, access_token: 't', refreshToken: 'r' }),
      'POST /api/rh-app/colaborador/v2/registrar-ponto': () =>
        json({ message: 'fora_da_area', errors: [{ type: 'localSelecionado', message: 'fora_da_area' }] }, 422),
      'POST /api/auth/logout': () => json({ success: true }),
    });
    renderWithProviders(<KioskScreen />);
    fill('x', 'y');
    expect(await screen.findByTestId('kiosk-error')).toHaveTextContent('Você está fora da área');
    await waitFor(() => expect(fetchSpy.mock.calls.map(([u]) => new URL(String(u), 'http://localhost').pathname)).toContain('/api/auth/logout'));
  });

  it('punches nothing until both user name and password are given', async () => {
    const fetchSpy = mockFetch({});
    renderWithProviders(<KioskScreen />);
    await waitFor(() => expect(screen.getByTestId('kiosk-punch')).toBeDisabled());
    fireEvent.change(screen.getByTestId('kiosk-username'), { target: { value: '   ' } });
    fireEvent.change(screen.getByTestId('kiosk-password'), { target: { value: 'x' } });
    expect(screen.getByTestId('kiosk-punch')).toBeDisabled();
    fireEvent.submit(screen.getByTestId('kiosk-punch').closest('form') as HTMLFormElement);
    fireEvent.change(screen.getByTestId('kiosk-username'), { target: { value: 'ana' } });
    expect(screen.getByTestId('kiosk-punch')).toBeEnabled();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
