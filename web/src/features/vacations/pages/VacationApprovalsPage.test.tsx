import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import type { VacationLeave } from '../api/types';
import { VacationApprovalsPage, parseApprovalFilter } from './VacationApprovalsPage';

const leave: VacationLeave = {
  id: 'l1',
  m01Ukey: 'ana',
  nome: 'Ana Souza',
  departamento: 'Operações',
  inicio: '2026-12-07',
  fim: '2026-12-16',
  dias: 10,
  abono: 0,
  adiantamento13: false,
  periodo: 1,
  status: 'pending',
  etapas: ['manager', 'hr'],
  etapa: 0,
  etapaAtual: 'manager',
  solicitadoEm: '2026-11-22T10:00:00Z',
  decididoEm: null,
  comentario: '',
  decisoes: [],
};

describe('VacationApprovalsPage', () => {
  it('approves the step the manager saw and reloads the queue', async () => {
    let waiting = [leave];
    const decided: unknown[] = [];
    mockFetch({
      'GET /api/rh-app/ferias/aprovacoes': (url) => {
        expect(url.searchParams.get('filterHandle')).toBe('waiting');
        return json({ data: waiting });
      },
      'POST /api/rh-app/ferias/aprovar': (_u, init) => {
        decided.push(JSON.parse(String(init.body)));
        waiting = [];
        return json({ success: true, data: { status: 'pending', etapa: 1 } });
      },
    });
    renderWithProviders(
      <Routes>
        <Route path="/apps/gestor-rh/aprovacao-ferias/:filterHandle?" element={<VacationApprovalsPage />} />
      </Routes>,
      { route: '/apps/gestor-rh/aprovacao-ferias' },
    );
    const row = await screen.findByTestId('approval-row');
    expect(within(row).getByText('Gestor · Etapa 1 de 2')).toBeInTheDocument();
    await userEvent.click(within(row).getByTestId('approve'));
    await waitFor(() => expect(decided).toEqual([{ id: 'l1', m01Ukey: 'ana', step: 0, comentario: '' }]));
    expect(await screen.findByTestId('approvals-empty')).toHaveTextContent('Nada aguardando sua decisão.');
  });

  it('reads the filter handle, defaulting to waiting', () => {
    expect(parseApprovalFilter('decided')).toBe('decided');
    expect(parseApprovalFilter('x')).toBe('waiting');
    expect(parseApprovalFilter(undefined)).toBe('waiting');
  });
});
