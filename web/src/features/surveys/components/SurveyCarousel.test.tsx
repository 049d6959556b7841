import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, renderWithProviders, testQueryClient } from '@/test/render';
import { surveyQueries } from '../api/queries';
import type { PendingSurvey, SurveyQuestion } from '../api/types';
import { SurveyCarousel } from './SurveyCarousel';

// The forms render many Mantine inputs: on a busy machine a test takes longer than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

function question(ukey: string, type: number, extra: Partial<SurveyQuestion> = {}): SurveyQuestion {
  return {
    ukey, oa8_ukey: 's1', oa10_ukey: 'r1', oa9_001_c: '', oa9_003_m: `Pergunta ${ukey}`, oa9_004_n: type,
    oa9_005_c: '', oa9_007_m: '', oa9_020_c: '', oa9_021_c: '', oa9_022_n: 1,
    oa9_100_c: null, oa9_101_n: null, oa9_102_b: null, oa9_103_n: null, oa9_104_t: null, oa9_105_m: null,
    ...extra,
  };
}

const survey: PendingSurvey = {
  id: 'r1', oa8_ukey: 's1', tipo: 'enps', descricao: 'eNPS', detalhes: '', avaliado: '',
  inicio: '2026-11-01T00:00:00Z', fim: '2026-12-01T00:00:00Z', activeStep: 1,
  perguntas: [
    question('a', 1, { oa9_020_c: '0', oa9_021_c: '10', oa9_101_n: 8 }),
    question('b', 5, { oa9_022_n: 0 }),
    question('c', 0),
  ],
};

const ANSWER = 'PUT /api/avaliacao360/resposta';
const STEP = 'PUT /api/avaliacao360/passo';
const FINISH = 'POST /api/avaliacao360/finalizar';

beforeEach(() => {
  useSessionStore.getState().login({
    user: { userName: 'ana', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'hash-1' },
    access_token: 'tok',
  });
});
afterEach(() => {
  resetAllStores();
  vi.unstubAllGlobals();
});

/** Renders the carousel with the survey in the cached pending list (which it keeps in step). */
function setup(handlers: Parameters<typeof mockFetch>[0], props: Partial<Parameters<typeof SurveyCarousel>[0]> = {}) {
  const spy = mockFetch(handlers);
  const onFinished = vi.fn();
  const queryClient = testQueryClient();
  const shown = props.survey ?? survey;
  queryClient.setQueryData(surveyQueries.pending().queryKey, [shown]);
  renderWithProviders(<SurveyCarousel survey={shown} onFinished={onFinished} {...props} />, { queryClient });
  const cached = () => queryClient.getQueryData(surveyQueries.pending().queryKey)?.[0];
  return { spy, onFinished, cached };
}

const bodies = (spy: ReturnType<typeof mockFetch>, key: string) =>
  spy.mock.calls
    .filter(([u, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(u), 'http://x').pathname}` === key)
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')));

describe('SurveyCarousel (spec §2, §4)', () => {
  it('starts at the saved step with the n-total counter and saves only the step when nothing changed', async () => {
    const { spy, cached } = setup({ [STEP]: () => json({ success: true }) });
    expect(screen.getByTestId('survey-counter').textContent).toBe('2-3');
    await userEvent.click(screen.getByTestId('survey-prev'));
    await waitFor(() => expect(screen.getByTestId('survey-counter').textContent).toBe('1-3'));
    expect(bodies(spy, STEP)).toEqual([{ oa8Ukey: 's1', oa10_ukey: 'r1', step: 0 }]);
    expect(bodies(spy, ANSWER)).toEqual([]);
    expect(cached()?.activeStep).toBe(0);
    expect(screen.getByTestId('question-input')).toHaveValue('8');
  });

  it('saves the answer with the new step when leaving a changed question and shows the two-decimals rule', async () => {
    const { spy, cached } = setup({ [ANSWER]: () => json({ success: true }) });
    await userEvent.type(screen.getByTestId('question-input'), '1,234');
    expect(await screen.findByText('O valor deve ter no máximo duas casas depois da vírgula')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('survey-next'));
    await waitFor(() => expect(screen.getByTestId('survey-counter').textContent).toBe('3-3'));
    expect(bodies(spy, ANSWER)).toEqual([
      { step: 2, oa9_004_n: 5, oa10_ukey: 'r1', oa8_ukey: 's1', ukey: 'b', oa9_103_n: '1.234' },
    ]);
    expect(cached()?.perguntas[1].oa9_103_n).toBe(1.234);
    expect(cached()?.activeStep).toBe(2);
  });

  it('confirms before finishing and jumps to the first invalid question the server names', async () => {
    const { spy, onFinished } = setup({
      [ANSWER]: () => json({ success: true }),
      [STEP]: () => json({ success: true }),
      [FINISH]: () => json({ message: 'duas_casas_decimais', errors: [{ type: 'perguntas[1]', message: 'duas_casas_decimais' }] }, 422),
    }, { survey: { ...survey, activeStep: 2 } });
    await userEvent.type(screen.getByTestId('question-input'), 'ok');
    await userEvent.click(screen.getByTestId('survey-finish'));
    expect(await screen.findByText('Depois de finalizar, as respostas não poderão mais ser alteradas.')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('finish-cancel'));
    expect(bodies(spy, FINISH)).toHaveLength(0);
    await userEvent.click(screen.getByTestId('survey-finish'));
    await userEvent.click(await screen.findByTestId('finish-confirm'));
    await waitFor(() => expect(screen.getByTestId('survey-counter').textContent).toBe('2-3'));
    expect(screen.getByText('O valor deve ter no máximo duas casas depois da vírgula')).toBeInTheDocument();
    expect(bodies(spy, ANSWER)).toHaveLength(1);
    expect(bodies(spy, STEP)).toEqual([{ oa8Ukey: 's1', oa10_ukey: 'r1', step: 1 }]);
    expect(onFinished).not.toHaveBeenCalled();
  });

  it('finishes after confirming', async () => {
    const { spy, onFinished } = setup({ [FINISH]: () => json({ success: true }) }, {
      survey: { ...survey, activeStep: 2, perguntas: [survey.perguntas[0], survey.perguntas[1], question('c', 0, { oa9_100_c: 'x' })] },
    });
    await userEvent.click(screen.getByTestId('survey-finish'));
    await userEvent.click(await screen.findByTestId('finish-confirm'));
    await waitFor(() => expect(onFinished).toHaveBeenCalled());
    const call = spy.mock.calls.find(([u]) => String(u).includes('/finalizar'));
    expect(String(call?.[0])).toContain('oa8Ukey=s1');
  });

  it('shows "configuração inválida !" for a broken question', () => {
    setup({}, { survey: { ...survey, activeStep: 0, perguntas: [question('x', 8, { oa9_007_m: '' })] } });
    expect(screen.getByTestId('question-bad-config').textContent).toBe('configuração inválida !');
  });
});
