import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { LIVE_QUERIES } from '@/app/live-queries';
import { connectLiveQueries, deliverLive } from '@/lib/live-stream';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, renderWithProviders, testQueryClient } from '@/test/render';
import type { Evaluation360, SurveyQuestion } from '../api/types';
import { Evaluations360Page } from './Evaluations360Page';

// The forms render many Mantine inputs: on a busy machine a test takes longer than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

function question(ukey: string, extra: Partial<SurveyQuestion> = {}): SurveyQuestion {
  return {
    ukey, oa8_ukey: 's1', oa10_ukey: 'r1', oa9_001_c: '', oa9_003_m: `Pergunta ${ukey}`, oa9_004_n: 0,
    oa9_005_c: '', oa9_007_m: '', oa9_020_c: '', oa9_021_c: '', oa9_022_n: 1,
    oa9_100_c: null, oa9_101_n: null, oa9_102_b: null, oa9_103_n: null, oa9_104_t: null, oa9_105_m: null,
    ...extra,
  };
}

function evaluation(id: string, status: 0 | 2, extra: Partial<Evaluation360> = {}): Evaluation360 {
  return {
    id, oa8_ukey: `s-${id}`, tipo: '360', descricao: 'Avaliação 360', detalhes: '', avaliado: `Pessoa ${id}`,
    inicio: '2026-11-01T00:00:00Z', fim: '2026-12-01T00:00:00Z', activeStep: 0,
    perguntas: [question('a', { oa8_ukey: `s-${id}`, oa10_ukey: id })],
    status, respondida: status === 2, encerrada: false, ...extra,
  };
}

const LIST = 'GET /api/avaliacao360/avaliacoes-360';

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

let disconnect = () => {};

/** Renders the page at route with the live push connected to its query client. */
function renderAt(route: string) {
  const queryClient = testQueryClient();
  disconnect = connectLiveQueries(queryClient, LIVE_QUERIES);
  renderWithProviders(
    <Routes>
      <Route path="/apps/eval360/evaluations/*" element={<><Evaluations360Page /><Where /></>} />
    </Routes>,
    { route, queryClient },
  );
}

beforeEach(() => {
  useSessionStore.getState().login({
    user: { userName: 'ana', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'hash-1' },
    access_token: 'tok',
  });
});
afterEach(() => {
  disconnect();
  resetAllStores();
  vi.unstubAllGlobals();
});

describe('Evaluations360Page (spec §2 "360 evaluations to answer")', () => {
  it('asks the filter of the URL and lists the evaluations with their status', async () => {
    const spy = mockFetch({
      [LIST]: () => json([evaluation('r1', 0), evaluation('r2', 2), evaluation('r3', 2, { respondida: false, encerrada: true })]),
    });
    renderAt('/apps/eval360/evaluations/filter/2');
    await screen.findByText('Avaliação 360 — Pessoa r1');
    const url = new URL(String(spy.mock.calls[0][0]), 'http://x');
    expect(url.searchParams.get('filterHandle')).toBe('2');
    expect(url.searchParams.get('folderId')).toBe('all');
    expect(screen.getAllByTestId('eval360-status').map((b) => b.textContent)).toEqual(['Pendente', 'Respondida', 'Não respondida']);
    expect(screen.getByText('Escolha uma avaliação na lista.')).toBeTruthy();
    await userEvent.click(screen.getAllByTestId('eval360-row')[1]);
    expect(screen.getByTestId('where').textContent).toBe('/apps/eval360/evaluations/filter/2/r2');
  });

  it('answers a pending evaluation with the carousel and, finished, keeps it open read-only', async () => {
    let done = false;
    const spy = mockFetch({
      [LIST]: (url) =>
        json(
          done
            ? url.searchParams.get('filterHandle') === '0'
              ? []
              : [evaluation('r1', 2, { perguntas: [question('a', { oa8_ukey: 's-r1', oa10_ukey: 'r1', oa9_100_c: 'Ótima parceira' })] })]
            : [evaluation('r1', 0)],
        ),
      'PUT /api/avaliacao360/resposta': () => json({ success: true }),
      'POST /api/avaliacao360/finalizar': () => {
        done = true;
        return json({ success: true });
      },
      'GET /api/avaliacao360/lista-pendentes-login': () => json([]),
    });
    renderAt('/apps/eval360/evaluations/filter/0/r1');
    const input = await screen.findByTestId('question-input');
    expect(screen.getByTestId('survey-counter').textContent).toBe('1-1');
    await userEvent.type(input, 'Ótima parceira');
    await userEvent.click(screen.getByTestId('survey-finish'));
    await userEvent.click(await screen.findByTestId('finish-confirm'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/apps/eval360/evaluations/all/r1'));
    await screen.findByTestId('eval360-readonly');
    const answered = spy.mock.calls.filter(([u, init]) => String(u).includes('/resposta') && init?.method === 'PUT');
    expect(JSON.parse(String(answered[0][1]?.body))).toMatchObject({ oa9_100_c: 'Ótima parceira', oa8_ukey: 's-r1', oa10_ukey: 'r1', ukey: 'a' });
    expect((screen.getByTestId('question-input') as HTMLInputElement).value).toBe('Ótima parceira');
    expect((screen.getByTestId('question-input') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('survey-finish')).toBeNull();
  });

  it('turns read-only when the finish reaches the read model after the list was read (survey.results)', async () => {
    let projected = false;
    mockFetch({
      [LIST]: () => json([evaluation('r1', projected ? 2 : 0)]),
      'PUT /api/avaliacao360/resposta': () => json({ success: true }),
      'POST /api/avaliacao360/finalizar': () => json({ success: true }),
      'GET /api/avaliacao360/lista-pendentes-login': () => json([]),
    });
    renderAt('/apps/eval360/evaluations/all/r1');
    await screen.findByTestId('question-input');
    await userEvent.click(screen.getByTestId('survey-finish'));
    await userEvent.click(await screen.findByTestId('finish-confirm'));
    await waitFor(() => expect(screen.getByTestId('survey-finish')).toBeInTheDocument());
    expect(screen.queryByTestId('eval360-readonly')).toBeNull();
    projected = true;
    deliverLive('survey.results', { oa8Ukey: 's-r1', kind: '360', respondents: 1 });
    await screen.findByTestId('eval360-readonly');
    expect(screen.queryByTestId('survey-finish')).toBeNull();
  });

  it('shows a finished evaluation read-only: the arrows move without saving', async () => {
    const two = evaluation('r2', 2, {
      perguntas: [question('a', { oa9_100_c: 'Sim' }), question('b', { oa9_100_c: 'Não' })],
    });
    const spy = mockFetch({ [LIST]: () => json([two]) });
    renderAt('/apps/eval360/evaluations/all/r2');
    await screen.findByTestId('eval360-readonly');
    expect((screen.getByTestId('question-input') as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByTestId('survey-next'));
    expect(screen.getByTestId('survey-counter').textContent).toBe('2-2');
    expect((screen.getByTestId('question-input') as HTMLInputElement).value).toBe('Não');
    expect(screen.queryByTestId('survey-finish')).toBeNull();
    expect(spy.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it('says so when the evaluation of the URL is not in the list', async () => {
    mockFetch({ [LIST]: () => json([]) });
    renderAt('/apps/eval360/evaluations/all/nope');
    await screen.findByText('Avaliação não encontrada.');
    expect(screen.getByText('não há registros para exibição !')).toBeTruthy();
  });
});
