import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import type { MyVacations } from '../api/types';
import { RequestVacationPage } from './RequestVacationPage';

const MINE = 'GET /api/rh-app/ferias/minhas';
const MONTH = 'GET /api/rh-app/colaborador/escala-mes-descricao';
const CHECK = 'POST /api/rh-app/ferias/verificar';
const SEND = 'POST /api/rh-app/ferias/solicitar';

const mine: MyVacations = {
  m01Ukey: 'ana',
  admissao: '2023-11-18',
  saldo: 60,
  periodos: [],
  solicitacoes: [],
  planejadas: [],
  alertas: [],
  permissoes: { solicita_ferias: true, solicita_abono_ferias: false, solicita_13_ferias: false },
};

function monthOf(url: URL) {
  const ym = url.searchParams.get('yearMonth') ?? '';
  const y = Number(ym.slice(0, 4));
  const m = Number(ym.slice(4));
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return {
    yearMonth: ym,
    m01Ukey: 'ana',
    tipoEscala: 'fixed',
    horasSemanais: 44,
    dias: Array.from({ length: days }, (_, i) => {
      const data = `${ym.slice(0, 4)}-${ym.slice(4)}-${String(i + 1).padStart(2, '0')}`;
      const wd = new Date(`${data}T00:00:00Z`).getUTCDay();
      return { data, tipo: wd === 0 || wd === 6 ? 'rest' : 'work', horarios: [] };
    }),
  };
}

describe('RequestVacationPage', () => {
  it('explains the refusal of the rule that fails before sending, and sends a valid request', async () => {
    const sent: unknown[] = [];
    const fetch = mockFetch({
      [MINE]: () => json(mine),
      [MONTH]: (url) => json(monthOf(url)),
      [CHECK]: (_url, init) => {
        const body = JSON.parse(String(init.body));
        if (body.dias < 5) return json({ message: 'ferias_minimo_5_dias', errors: [{ type: 'dias', message: 'ferias_minimo_5_dias' }] }, 422);
        return json({ success: true, data: { inicio: body.inicio, fim: body.inicio, dias: body.dias, periodo: 1, etapas: ['manager', 'hr'], status: 'pending' } });
      },
      [SEND]: (_url, init) => {
        sent.push(JSON.parse(String(init.body)));
        return json({ success: true, data: { id: 'l1', inicio: '', fim: '', dias: 10, periodo: 1, etapas: ['manager', 'hr'], status: 'pending' } });
      },
    });
    renderWithProviders(<RequestVacationPage />, { route: '/apps/rh/requestVaccations' });
    await screen.findByText('Saldo disponível: 60 dias');
    expect(screen.getByText('Escolha o primeiro dia das férias no calendário.')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelectorAll('[data-kind="rest"]').length).toBeGreaterThan(0));

    const enabled = [...document.querySelectorAll<HTMLButtonElement>('[data-testid^="picker-day-"]')].filter((b) => !b.disabled);
    const day = enabled[enabled.length - 1];
    await userEvent.click(day);
    expect(await screen.findByTestId('request-ok')).toHaveTextContent('Aprovação: Gestor → RH');
    expect(screen.getByTestId('request-send')).toBeEnabled();

    const days = screen.getByTestId('request-days');
    await userEvent.clear(days);
    await userEvent.type(days, '4');
    expect(await screen.findByTestId('request-refusal')).toHaveTextContent('As férias não podem ter menos de 5 dias.');
    expect(screen.getByTestId('request-send')).toBeDisabled();

    await userEvent.clear(days);
    await userEvent.type(days, '10');
    await screen.findByTestId('request-ok');
    await userEvent.click(screen.getByTestId('request-send'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ inicio: day.dataset.testid?.replace('picker-day-', ''), dias: 10 });
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/verificar'))).toBe(true);
  }, 30_000);

  it('says the employee may not request without the solicita_ferias switch', async () => {
    mockFetch({ [MINE]: () => json({ ...mine, permissoes: { ...mine.permissoes, solicita_ferias: false } }), [MONTH]: (url) => json(monthOf(url)) });
    renderWithProviders(<RequestVacationPage />);
    expect(await screen.findByText('Você não tem permissão para solicitar férias.')).toBeInTheDocument();
  });
});
