import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import { SurveyCreateDrawer } from './SurveyCreateDrawer';

// The forms render many Mantine inputs: on a busy machine a test takes longer than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

const CREATE = 'POST /api/avaliacao360/pesquisas';

beforeEach(() => {
  useSessionStore.getState().login({
    user: { userName: 'helena', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'hash-h' },
    access_token: 'tok',
  });
});
afterEach(() => {
  resetAllStores();
  vi.unstubAllGlobals();
});

const posts = (spy: ReturnType<typeof mockFetch>) =>
  spy.mock.calls.filter(([u, init]) => init?.method === 'POST' && String(u).includes('/pesquisas')).map(([, init]) => init);

describe('SurveyCreateDrawer (issue 6)', () => {
  it('asks for the description before sending, then sends the eNPS with its rating and an Idempotency-Key', async () => {
    const spy = mockFetch({
      [CREATE]: () => json({ success: true, data: { id: 's1' } }),
      'GET /api/avaliacao360/pesquisas/publico': () => json({ unidades: [], departamentos: [] }),
    });
    const onClose = vi.fn();
    renderWithProviders(<SurveyCreateDrawer kind="enps" opened onClose={onClose} />);
    await userEvent.click(await screen.findByTestId('create-submit'));
    expect(await screen.findByText('Campo obrigatório')).toBeInTheDocument();
    expect(posts(spy)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('create-title'), { target: { value: 'eNPS 2026' } });
    await userEvent.click(screen.getByTestId('create-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [init] = posts(spy);
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({ tipo: 'enps', descricao: 'eNPS 2026', publico: { todos: true } });
    expect(body.perguntas[0]).toMatchObject({ oa9_004_n: 1, oa9_020_c: '0', oa9_021_c: '10', oa9_022_n: 1 });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBeTruthy();
  });

  it('shows the server refusal on the question it names', async () => {
    mockFetch({
      [CREATE]: () => json({ message: 'configuracao_invalida', errors: [{ type: 'perguntas[1]', message: 'configuracao_invalida' }] }, 422),
      'GET /api/avaliacao360/pesquisas/publico': () => json({ unidades: [], departamentos: [] }),
    });
    renderWithProviders(<SurveyCreateDrawer kind="clima" opened onClose={vi.fn()} />);
    fireEvent.change(await screen.findByTestId('create-title'), { target: { value: 'Clima' } });
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar pergunta' }));
    const titles = screen.getAllByTestId('create-question-title');
    fireEvent.change(titles[0], { target: { value: 'Como está o clima?' } });
    fireEvent.change(titles[1], { target: { value: 'Opções' } });
    await userEvent.click(screen.getByTestId('create-submit'));
    expect(await screen.findByText('configuração inválida !')).toBeInTheDocument();
  });
});
