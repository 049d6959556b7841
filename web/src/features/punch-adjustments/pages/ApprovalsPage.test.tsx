import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { ReactElement } from 'react';
import { LIVE_QUERIES } from '@/app/live-queries';
import { connectLiveQueries, deliverLive, stopLiveStream } from '@/lib/live-stream';
import { useSessionStore } from '@/lib/session-store';
import { json, mockFetch, renderWithProviders as renderWith, testQueryClient } from '@/test/render';
import type { Adjustment, DayView } from '../api/types';
import { ApprovalsPage } from './ApprovalsPage';
import { DayPage } from './DayPage';

const LIST = 'GET /api/rh-app/ajuste-ponto';
const DECIDE = 'POST /api/rh-app/ajuste-ponto/decidir';
const DAY = 'GET /api/rh-app/colaborador/ponto-dia';
const ASK = 'POST /api/rh-app/colaborador/ajuste-ponto';

// The pages render whole, with dialogs and toasts: slow on a busy machine.
vi.setConfig({ testTimeout: 15_000 });

let disconnect: (() => void) | undefined;

/** Renders with a query client the live push (app/live-queries.ts) makes stale. */
function renderWithProviders(ui: ReactElement, options: { route?: string } = {}) {
  const queryClient = testQueryClient();
  disconnect = connectLiveQueries(queryClient, LIVE_QUERIES);
  return renderWith(ui, { ...options, queryClient });
}

function adjustment(extra: Partial<Adjustment> = {}): Adjustment {
  return {
    ac4Ukey: 'req-1', tipo: 'corrigir', data: '2024-05-10', marcacaoId: 'm-1', hora: '08:00', horaAnterior: '09:30',
    motivo: 'cheguei às 8', colaborador: { userHash: 'h', m01Ukey: 'e', nome: 'Ana Souza' }, status: 'waiting',
    approvalStatus: 'waiting_manager', currentStep: { index: 0, kind: 'manager' }, podeDecidir: true,
    createdAt: '2024-05-10T12:00:00Z', updatedAt: '2024-05-10T12:00:00Z', ...extra,
  };
}

function renderApprovals(route = '/apps/gestor-rh/aprovacao-ajustes') {
  return renderWithProviders(
    <Routes>
      <Route path="/apps/gestor-rh/aprovacao-ajustes/:filterHandle?" element={<ApprovalsPage area="gestor" list="ajustes" basePath="/apps/gestor-rh/aprovacao-ajustes" />} />
    </Routes>,
    { route },
  );
}

beforeEach(() => {
  useSessionStore.getState().login({
    user: { userName: 'marcos', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'hash-m', displayName: 'Marcos Lima', layoff: [] },
    access_token: 'tok',
  });
});

afterEach(() => {
  disconnect?.();
  stopLiveStream();
  useSessionStore.getState().reset();
  vi.unstubAllGlobals();
});

describe('ApprovalsPage', () => {
  it('lists the waiting adjustments (default filter) and approves the step the approver saw', async () => {
    let decided = false;
    const fetch = mockFetch({
      [LIST]: () => json(decided ? [] : [adjustment()]),
      [DECIDE]: () => {
        decided = true;
        return json({ success: true, data: { ac4Ukey: 'req-1', status: 'approved', approvalStatus: 'approved' } });
      },
    });
    renderApprovals();
    const row = await screen.findByTestId('adjust-item');
    expect(within(row).getByTestId('adjust-item-what').textContent).toBe('09:30 → 08:00');
    expect(within(row).getByTestId('adjust-item-status').textContent).toBe('Aguardando gestor');
    const listUrl = new URL(String(fetch.mock.calls[0][0]), 'http://x');
    expect(Object.fromEntries(listUrl.searchParams)).toMatchObject({ area: 'gestor', lista: 'ajustes', filterHandle: 'waiting', userHash: 'hash-m' });

    await userEvent.click(within(row).getByTestId('adjust-approve'));
    await waitFor(() => expect(screen.getByTestId('adjust-empty')).toBeTruthy());
    const call = fetch.mock.calls.find(([u, init]) => String(u).includes('/decidir') && init?.method === 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ requestId: 'req-1', step: 0, acao: 'approve' });
  });

  it('shows the translated error when someone else decided first', async () => {
    mockFetch({
      [LIST]: () => json([adjustment()]),
      [DECIDE]: () => json({ message: 'solicitacao_ja_decidida', errors: [{ type: 'request', message: 'solicitacao_ja_decidida' }] }, 409),
    });
    renderApprovals();
    await userEvent.click(await screen.findByTestId('adjust-approve'));
    expect(await screen.findByText('Esta solicitação já foi decidida por outra pessoa.')).toBeTruthy();
  });

  it('rejects with a comment, and keeps the dialog open with the refusal', { timeout: 15_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    let refuse = true;
    const bodies: unknown[] = [];
    mockFetch({
      [LIST]: () => json([adjustment()]),
      [DECIDE]: (_u, init) => {
        bodies.push(JSON.parse(String(init.body)));
        return refuse
          ? json({ message: 'aprovador_designado', errors: [{ type: 'request', message: 'aprovador_designado' }] }, 403)
          : json({ success: true, data: { ac4Ukey: 'req-1', status: 'rejected', approvalStatus: 'rejected' } });
      },
    });
    renderApprovals();
    await user.click(await screen.findByTestId('adjust-reject'));
    await user.type(screen.getByTestId('adjust-reject-comment'), 'horário errado');
    await user.click(screen.getByTestId('adjust-reject-confirm'));
    expect(await screen.findByText('Somente o aprovador designado pode decidir esta etapa.')).toBeTruthy();
    refuse = false;
    await user.click(screen.getByTestId('adjust-reject-confirm'));
    expect(await screen.findByText('Solicitação rejeitada.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('adjust-reject-comment')).toBeNull());
    expect(bodies[1]).toEqual({ requestId: 'req-1', step: 0, acao: 'reject', comentario: 'horário errado' });
  });

  it('refetches when a request change is pushed, and reads the filter from the route', async () => {
    let rows: Adjustment[] = [];
    const fetch = mockFetch({ [LIST]: () => json(rows) });
    renderApprovals('/apps/gestor-rh/aprovacao-ajustes/approved');
    await screen.findByTestId('adjust-empty');
    expect(new URL(String(fetch.mock.calls[0][0]), 'http://x').searchParams.get('filterHandle')).toBe('approved');
    rows = [adjustment({ status: 'approved', approvalStatus: 'approved', podeDecidir: false, currentStep: null })];
    act(() => deliverLive('request.changed', { ac4Ukey: 'req-1' }));
    const row = await screen.findByTestId('adjust-item');
    expect(within(row).queryByTestId('adjust-approve')).toBeNull();
    expect(within(row).getByTestId('adjust-item-status').textContent).toBe('Aprovada');
  });
});

describe('DayPage', () => {
  const day = (extra: Partial<DayView> = {}): DayView => ({
    data: '2024-05-10',
    marcacoes: [{ id: 'm-1', n09_001_t: '2024-05-10T09:30:00', hora: '09:30', endereco: 'Rua A', ajustada: false, incluida: false, horaOriginal: null, ac4Ukey: null }],
    abonos: [],
    solicitacoes: [],
    permissoes: { solicita_ajuste_ponto: 1, solicita_abono_ponto: 0 },
    ...extra,
  });

  it('asks to correct a mark and shows server refusals on their fields', { timeout: 15_000 }, async () => {
    const asked: unknown[] = [];
    mockFetch({
      [DAY]: () => json(day()),
      [ASK]: (_u, init) => {
        asked.push(JSON.parse(String(init.body)));
        return json({ message: 'marcacao_existente', errors: [{ type: 'hora', message: 'marcacao_existente' }] }, 422);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DayPage />);
    expect(screen.queryByTestId('adjust-excuse')).toBeNull(); // solicita_abono_ponto is 0
    await user.click(await screen.findByTestId('adjust-mark-button'));
    const time = screen.getByTestId('adjust-time') as HTMLInputElement;
    expect(time.value).toBe('09:30');
    fireEvent.change(time, { target: { value: '08:00' } });
    await user.type(screen.getByTestId('adjust-reason'), 'cheguei às 8');
    await user.click(screen.getByTestId('adjust-send'));
    expect(await screen.findByText('Já existe uma marcação neste horário.')).toBeTruthy();
    expect(asked[0]).toMatchObject({ tipo: 'corrigir', data: '2024-05-10', marcacaoId: 'm-1', hora: '08:00', motivo: 'cheguei às 8' });
  });

  it('files an ask with its Idempotency-Key, closes and shows the request; asks for a reason first', { timeout: 15_000 }, async () => {
    let v = day();
    const asked: RequestInit[] = [];
    mockFetch({
      [DAY]: () => json(v),
      [ASK]: (_u, init) => {
        asked.push(init);
        v = day({ solicitacoes: [adjustment({ colaborador: null })] });
        return json({ success: true, data: { ac4Ukey: 'req-1', status: 'waiting', approvalStatus: 'waiting_manager' } });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DayPage />);
    await user.click(await screen.findByTestId('adjust-add'));
    fireEvent.change(screen.getByTestId('adjust-time'), { target: { value: '17:30' } });
    await user.click(screen.getByTestId('adjust-send'));
    expect(await screen.findByText('Campo obrigatório.')).toBeTruthy();
    expect(asked).toHaveLength(0);

    await user.type(screen.getByTestId('adjust-reason'), 'esqueci');
    await user.click(screen.getByTestId('adjust-send'));
    await waitFor(() => expect(screen.queryByTestId('adjust-dialog')).toBeNull());
    expect(JSON.parse(String(asked[0].body))).toMatchObject({ tipo: 'incluir', data: '2024-05-10', hora: '17:30', motivo: 'esqueci' });
    expect((asked[0].headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    expect((await screen.findByTestId('adjust-request-status')).textContent).toBe('Aguardando gestor');
  });

  it('reads the day typed in the date field', async () => {
    const fetch = mockFetch({ [DAY]: (u) => json(day({ data: u.searchParams.get('data') ?? '2024-05-10' })) });
    renderWithProviders(<DayPage />);
    await screen.findByTestId('adjust-mark-time');
    const input = screen.getByTestId('adjust-date');
    fireEvent.change(input, { target: { value: '2024-05-09' } });
    fireEvent.blur(input);
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => new URL(String(u), 'http://x').searchParams.get('data') === '2024-05-09')).toBe(true));
  });

  it('shows the corrected mark when the day is pushed', async () => {
    let v = day();
    mockFetch({ [DAY]: () => json(v) });
    renderWithProviders(<DayPage />);
    expect((await screen.findByTestId('adjust-mark-time')).textContent).toBe('09:30');
    v = day({ marcacoes: [{ ...day().marcacoes[0], hora: '08:00', ajustada: true, horaOriginal: '09:30', ac4Ukey: 'req-1' }] });
    act(() => deliverLive('clock.day', { data: '2024-05-10' }));
    await waitFor(() => expect(screen.getByTestId('adjust-mark-time').textContent).toBe('08:00'));
    expect(screen.getByTestId('adjust-mark-adjusted').textContent).toBe('ajustada');
  });

  it('opens the day named in the route', async () => {
    const fetch = mockFetch({ [DAY]: () => json(day()) });
    renderWithProviders(
      <Routes>
        <Route path="/apps/rh/ponto-dia/:itemUkey?" element={<DayPage />} />
      </Routes>,
      { route: '/apps/rh/ponto-dia/2024-05-10' },
    );
    await screen.findByTestId('adjust-mark-time');
    expect(new URL(String(fetch.mock.calls[0][0]), 'http://x').searchParams.get('data')).toBe('2024-05-10');
  });

  it('says so when both switches are off', async () => {
    mockFetch({ [DAY]: () => json(day({ permissoes: { solicita_ajuste_ponto: 0, solicita_abono_ponto: 0 } })) });
    renderWithProviders(<DayPage />);
    expect(await screen.findByTestId('adjust-switches-off')).toBeTruthy();
    expect(screen.queryByTestId('adjust-mark-button')).toBeNull();
  });
});
