import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '@/i18n';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import { TYPES, request } from '../test-data';
import { NewRequestDialog } from './NewRequestDialog';

beforeEach(() => {
  useSessionStore.getState().login({
    user: { userName: 'ana', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'hash-ana', displayName: 'Ana Souza' },
    access_token: 'tok',
  });
});
afterEach(() => resetAllStores());

/** The error text shown under a Mantine input. */
function errorOf(testId: string): string {
  const input = screen.getByTestId(testId);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids
    .map((id) => document.getElementById(id))
    .filter((el) => el && /error/i.test(el.id))
    .map((el) => el!.textContent)
    .join(' ');
}

async function chooseType(label: string) {
  await userEvent.click(screen.getByTestId('request-field-tipo'));
  await userEvent.click(await screen.findByRole('option', { name: label }));
}

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

function render(onCreated = vi.fn()) {
  renderWithProviders(<NewRequestDialog opened actingFor={null} onClose={vi.fn()} onCreated={onCreated} />);
  return onCreated;
}

// Mantine comboboxes driven by user-event take seconds on a loaded machine.
describe('NewRequestDialog (spec §5)', { timeout: 30_000 }, () => {
  it('shows the translated §5 messages on each field and sends nothing', async () => {
    const spy = mockFetch({ 'GET /api/cac-app/request/requestTypeSearch': () => json(TYPES) });
    render();
    await screen.findByTestId('request-field-tipo');
    await userEvent.click(screen.getByTestId('request-send'));
    expect(errorOf('request-field-tipo')).toBe('Campo obrigatório');
    expect(errorOf('request-field-titulo')).toBe('Campo obrigatório');
    expect(errorOf('request-field-motivo')).toBe('Campo obrigatório');
    expect(errorOf('request-field-comentario')).toBe('Campo obrigatório');
    expect(errorOf('request-field-dataReferencia')).toBe('Campo obrigatório');
    fill('request-field-dataReferencia', '20/11');
    await userEvent.click(screen.getByTestId('request-send'));
    expect(errorOf('request-field-dataReferencia')).toBe('Data inválida');
    expect(spy.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('an abono with a medical certificate needs the doctor and the attachment; messages follow the language', async () => {
    mockFetch({ 'GET /api/cac-app/request/requestTypeSearch': () => json(TYPES) });
    render();
    await chooseType('Folha (abonos e ausências)');
    expect(screen.getByTestId('request-absence')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('request-field-tipoAbono'));
    await userEvent.click(await screen.findByRole('option', { name: 'Atestado médico' }));
    fill('request-field-titulo', 'Consulta');
    fill('request-field-motivo', 'Médico');
    fill('request-field-comentario', 'Atestado de 1 dia');
    fill('request-field-dataReferencia', '20/11/2026');
    fill('request-field-tipoAusenciaDesc', 'Consulta médica');
    fill('request-field-inicioAbono', '21/11/2026');
    fill('request-field-fimAbono', '20/11/2026');
    await userEvent.click(screen.getByTestId('request-send'));
    expect(errorOf('request-field-nomeMedico')).toBe('Campo obrigatório');
    expect(errorOf('request-field-fimAbono')).toBe('Data fora do intervalo permitido');
    expect(screen.getByText('Anexe o atestado médico')).toBeInTheDocument();

    await i18n.changeLanguage('en');
    await userEvent.click(screen.getByTestId('request-send'));
    expect(errorOf('request-field-nomeMedico')).toBe('Required field');
    expect(screen.getByText('Attach the medical certificate')).toBeInTheDocument();
  });

  it('maps the server’s {type, message} errors onto the fields and shows "an open request already exists"', async () => {
    let answer = json({ message: 'valor_invalido', errors: [{ type: 'titulo', message: 'texto_muito_longo' }, { type: 'ausencia.nomeMedico', message: 'campo_obrigatorio' }] }, 400);
    const spy = mockFetch({
      'GET /api/cac-app/request/requestTypeSearch': () => json(TYPES),
      'POST /api/cac-app/request': () => answer,
    });
    render();
    await chooseType('Relatório');
    fill('request-field-titulo', 'Relatório anual');
    fill('request-field-motivo', 'Auditoria');
    fill('request-field-comentario', 'Para a auditoria');
    fill('request-field-dataReferencia', '20/11/2026');
    await userEvent.click(screen.getByTestId('request-send'));
    await waitFor(() => expect(errorOf('request-field-titulo')).toBe('Texto muito longo'));
    const body = JSON.parse(String(spy.mock.calls.find(([, i]) => i?.method === 'POST')![1]!.body));
    expect(body).toMatchObject({ tipo: 'relatorio', titulo: 'Relatório anual', motivo: 'Auditoria', dataReferencia: '2026-11-20', prioridade: 2 });
    expect(body.ausencia).toBeUndefined();

    answer = json({ message: 'solicitacao_aberta_existente', errors: [{ type: 'tipo', message: 'solicitacao_aberta_existente' }] }, 409);
    await userEvent.click(screen.getByTestId('request-send'));
    await waitFor(() => expect(errorOf('request-field-tipo')).toBe('Já existe uma solicitação em aberto'));
    expect(screen.getByTestId('request-form-refusal')).toHaveTextContent('Não foi possível salvar a solicitação: Já existe uma solicitação em aberto');
  });

  it('a request with a delivery carries catalogue items with their quantities', async () => {
    let body: Record<string, unknown> | undefined;
    const search: string[] = [];
    mockFetch({
      'GET /api/cac-app/request/requestTypeSearch': () => json(TYPES),
      'GET /api/cac-app/request/itemSearch': (url) => {
        search.push(url.searchParams.get('searchQuery') ?? '');
        return json({ data: [{ itemId: 'i-3', codigo: 'EPI-003', descricao: 'Botina de segurança', tipoItem: 2, unidade: 'PAR' }], currentPage: 1, pageSize: 10, hasNext: false });
      },
      'POST /api/cac-app/request': (_u, init) => {
        body = JSON.parse(String(init.body));
        return json({ success: true, data: request('new-2', { status: 'draft' }) });
      },
    });
    const onCreated = render();
    await chooseType('EPI');
    await userEvent.click(screen.getByTestId('request-item-search'));
    await userEvent.click(await screen.findByRole('option', { name: 'EPI-003 · Botina de segurança' }));
    fireEvent.change(screen.getByTestId('request-item-quantity'), { target: { value: '2' } });
    await userEvent.click(screen.getByTestId('request-item-add'));
    expect(screen.getByTestId('request-item')).toHaveTextContent('2 PAR');
    fill('request-field-titulo', 'Botinas');
    fill('request-field-motivo', 'Obra');
    fill('request-field-comentario', 'Tamanho 38');
    fill('request-field-dataReferencia', '20/11/2026');
    await userEvent.click(screen.getByTestId('request-save'));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('new-2'));
    expect(body).toMatchObject({ tipo: 'epi', itens: [{ itemId: 'i-3', quantidade: 2 }] });
  });

  it('searches the cost centre on the server as the user types and sends the one picked', async () => {
    let body: Record<string, unknown> | undefined;
    const searched: (string | null)[] = [];
    const centres = [
      { id: 'cc-1', code: 'CC-100', description: 'Administrativo' },
      { id: 'cc-4', code: 'CC-400', description: 'Tecnologia da informação' },
    ];
    mockFetch({
      'GET /api/cac-app/request/requestTypeSearch': () => json(TYPES),
      'GET /api/cac-app/departamentos': () => json([]),
      'GET /api/cac-app/request/CRD1Search': (url) => {
        const q = url.searchParams.get('searchQuery');
        searched.push(q);
        return json(centres.filter((c) => !q || c.description.toLowerCase().includes(q.toLowerCase())));
      },
      'POST /api/cac-app/request': (_u, init) => {
        body = JSON.parse(String(init.body));
        return json({ success: true, data: request('new-3', { status: 'draft' }) });
      },
    });
    const onCreated = render();
    await chooseType('Relatório');
    await userEvent.type(screen.getByTestId('request-field-centroCusto'), 'tecno');
    // The server answers the typed text (debounced: not one call per key), the list follows it.
    await waitFor(() => expect(searched).toContain('tecno'));
    expect(searched).not.toContain('t');
    await waitFor(() => expect(screen.queryByRole('option', { name: 'CC-100 · Administrativo' })).toBeNull());
    await userEvent.click(await screen.findByRole('option', { name: 'CC-400 · Tecnologia da informação' }));
    expect(screen.getByTestId('request-field-centroCusto')).toHaveValue('CC-400 · Tecnologia da informação');
    fill('request-field-titulo', 'Licenças');
    fill('request-field-motivo', 'Renovação');
    fill('request-field-comentario', 'Anual');
    fill('request-field-dataReferencia', '20/11/2026');
    await userEvent.click(screen.getByTestId('request-save'));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('new-3'));
    expect(body).toMatchObject({ tipo: 'relatorio', centroCusto: 'cc-4' });
    expect(body!.departamento).toBeUndefined();
  });

  it('saves the draft, uploads the files and sends it', async () => {
    const calls: string[] = [];
    mockFetch({
      'GET /api/cac-app/request/requestTypeSearch': () => json(TYPES),
      'POST /api/cac-app/request': () => {
        calls.push('create');
        return json({ success: true, data: request('new-1', { status: 'draft' }) });
      },
      'POST /api/cac-app/anexos': (url) => {
        calls.push(`upload ${url.searchParams.get('requestId')}`);
        return json({ success: true, data: { id: 'f1', nome: 'a.pdf', tipo: 'pdf', tamanho: 8, sha256: 'x', url: '' } });
      },
      'POST /api/cac-app/request/send': (url) => {
        calls.push(`send ${url.searchParams.get('requestId')}`);
        return json({ success: true, data: request('new-1') });
      },
    });
    const onCreated = render();
    await chooseType('Relatório');
    fill('request-field-titulo', 'Relatório');
    fill('request-field-motivo', 'Auditoria');
    fill('request-field-comentario', 'Texto');
    fill('request-field-dataReferencia', '20/11/2026');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' }));
    expect(screen.getByTestId('request-pending-files')).toHaveTextContent('a.pdf');
    await userEvent.click(screen.getByTestId('request-send'));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('new-1'));
    expect(calls).toEqual(['create', 'upload new-1', 'send new-1']);
  });
});
