import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import type { TimelineEntry } from '../api/types';
import { useRequestListStore } from '../store/request-list-store';
import { ANA, HELENA, MARCOS, can, chain, request } from '../test-data';
import { RequestViewDialog } from './RequestViewDialog';

function signIn(hash: string) {
  useSessionStore.getState().login({
    user: { userName: 'u', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash, displayName: 'U' },
    access_token: 'tok',
  });
}

const TIMELINE: TimelineEntry[] = [
  { version: 1, type: 'request.created.v1', what: 'request_created', actor: MARCOS, onBehalfOf: ANA, at: '2026-11-20T10:00:00Z', data: {} },
  { version: 2, type: 'request.sent.v1', what: 'request_sent', actor: MARCOS, onBehalfOf: ANA, at: '2026-11-20T10:00:01Z', data: {} },
  { version: 3, type: 'request.step_approved.v1', what: 'request_step_approved', actor: HELENA, onBehalfOf: null, at: '2026-11-20T11:00:00Z', data: { step: 1, kind: 'hr' } },
];

const WAITING = request('r1', { acoes: can({ aprovar: true, reprovar: true, bloquear: true }) });

function serve(extra: Record<string, Parameters<typeof mockFetch>[0][string]> = {}, r = WAITING, steps = chain('waiting', 'pending')) {
  return mockFetch({
    'GET /api/cac-app/request/isrequester': () => json({ isRequester: true }),
    'GET /api/cac-app/request/by-id': () => json(r),
    'GET /api/cac-app/requestApprover': () => json(steps),
    'GET /api/cac-app/request/timeline': () => json(TIMELINE),
    'GET /api/cac-app/request/history': () => json({ data: [], currentPage: 1, pageSize: 8, totalPages: 0, totalCount: 0, hasNext: false }),
    'GET /api/cac-app/request': () => json({ data: [], currentPage: 1, pageSize: 8, totalPages: 0, totalCount: 0, hasNext: false }),
    'GET /api/cac-app/request/count': () => json({ waiting: 0, approver: 0, delivery: 0 }),
    ...extra,
  });
}

async function openAs(source: 'request' | 'approver', id = 'r1') {
  renderWithProviders(<RequestViewDialog source={source} requestId={id} onClose={() => {}} />);
  await screen.findByTestId('request-tab-details');
}

afterEach(() => resetAllStores());

describe('RequestViewDialog, approver (spec §4, §8)', { timeout: 30_000 }, () => {
  beforeEach(() => signIn(MARCOS.userHash));

  it('approves the step the approver saw', async () => {
    let body: unknown;
    serve({
      'POST /api/cac-app/request/approve': (_u, init) => {
        body = JSON.parse(String(init.body));
        return json({ success: true, data: request('r1', { approvalStatus: 'waiting_hr' }) });
      },
    });
    await openAs('approver');
    await userEvent.click(screen.getByTestId('request-approve'));
    await waitFor(() => expect(body).toEqual({ requestId: 'r1', step: 0 }));
  });

  it.each([
    ['solicitacao_ja_avaliada_rh', 422, 'Não foi possível aprovar: Solicitação já avaliada pelo RH'],
    ['solicitacao_ja_decidida', 409, 'Não foi possível aprovar: Esta etapa já foi decidida'],
    ['aprovador_designado', 403, 'Não foi possível aprovar: Esta etapa está reservada ao aprovador designado'],
  ])('a refused approval (%s) reads the translated §8 message', async (key, status, text) => {
    serve({ 'POST /api/cac-app/request/approve': () => json({ message: key, errors: [{ type: 'request', message: key }] }, status) });
    await openAs('approver');
    await userEvent.click(screen.getByTestId('request-approve'));
    expect(await screen.findByTestId('request-action-error')).toHaveTextContent(text);
  });

  it('a rejection needs a comment', async () => {
    let called = false;
    serve({
      'POST /api/cac-app/request/reject': () => {
        called = true;
        return json({ success: true, data: request('r1', { approvalStatus: 'rejected', status: 'rejected' }) });
      },
    });
    await openAs('approver');
    await userEvent.click(screen.getByTestId('request-reject'));
    expect(screen.getByText('Campo obrigatório')).toBeInTheDocument();
    expect(called).toBe(false);
    await userEvent.type(screen.getByTestId('request-decision-comment'), 'Sem orçamento');
    await userEvent.click(screen.getByTestId('request-reject'));
    await waitFor(() => expect(called).toBe(true));
  });

  it('undo on a stale view (HR ruled meanwhile) says "request already reviewed by HR"', async () => {
    let body: unknown;
    serve(
      {
        'POST /api/cac-app/request/undo': (_u, init) => {
          body = JSON.parse(String(init.body));
          return json({ message: 'solicitacao_ja_avaliada_rh', errors: [{ type: 'request', message: 'solicitacao_ja_avaliada_rh' }] }, 422);
        },
      },
      // What Marcos last saw: his step approved, HR's still waiting, undo allowed.
      request('r1', { approvalStatus: 'waiting_hr', acoes: can({ desfazer: true }) }),
      chain('approved', 'waiting'),
    );
    await openAs('approver');
    expect(screen.queryByTestId('request-approve')).toBeNull();
    await userEvent.click(screen.getByTestId('request-undo'));
    expect(await screen.findByTestId('request-action-error')).toHaveTextContent('Não foi possível desfazer a aprovação: Solicitação já avaliada pelo RH');
    expect(body).toEqual({ requestId: 'r1', step: 0 });
  });

  it('offers only what the server allows the caller (acoes)', async () => {
    serve({}, request('r1', { acoes: can({ reprovar: true, desbloquear: true }), locked: true }));
    await openAs('approver');
    expect(screen.getByTestId('request-reject')).toBeInTheDocument();
    expect(screen.getByTestId('request-unlock')).toBeInTheDocument();
    expect(screen.queryByTestId('request-approve')).toBeNull();
    expect(screen.queryByTestId('request-lock')).toBeNull();
    expect(screen.queryByTestId('request-undo')).toBeNull();
    // The requester's buttons never show in the approver's screen.
    expect(screen.queryByTestId('request-edit')).toBeNull();
  });
});

describe('RequestViewDialog, requester', { timeout: 30_000 }, () => {
  beforeEach(() => signIn(ANA.userHash));

  it('shows the timeline: what, who, on whose behalf, when', async () => {
    serve();
    await openAs('request');
    expect(screen.queryByTestId('request-approve')).toBeNull();
    await userEvent.click(screen.getByTestId('request-tab-timeline'));
    const entries = await screen.findAllByTestId('timeline-entry');
    expect(entries.map((e) => e.getAttribute('data-what'))).toEqual(['request_created', 'request_sent', 'request_step_approved']);
    expect(entries[0]).toHaveTextContent('Solicitação criada');
    expect(entries[0]).toHaveTextContent('por Marcos Lima, em nome de Ana Souza');
    expect(entries[2]).toHaveTextContent('Etapa aprovada · RH');
    expect(entries[2]).toHaveTextContent('por Helena RH');
    expect(screen.getAllByTestId('timeline-when')[2].textContent).toMatch(/20\/11\/2026/);
  });

  it('confirms the receipt of a delivered request', async () => {
    const approved = { status: 'approved', approvalStatus: 'approved_hr', currentStep: null } as const;
    let current = request('r1', { ...approved, deliveryStatus: 'delivered', acoes: can({ confirmarRecebimento: true }) });
    serve(
      {
        'GET /api/cac-app/request/by-id': () => json(current),
        'POST /api/cac-app/requestDelivery/confirmReceipt': () => {
          current = request('r1', { ...approved, deliveryStatus: 'confirmed', version: 9 });
          return json({ success: true, data: current });
        },
      },
      current,
      chain('approved', 'approved'),
    );
    await openAs('request');
    expect(screen.getByTestId('request-delivery-status')).toHaveTextContent('Entregue');
    await userEvent.click(screen.getByTestId('request-confirm-receipt'));
    await waitFor(() => expect(screen.getByTestId('request-delivery-status')).toHaveTextContent('Recebimento confirmado'));
    expect(screen.queryByTestId('request-confirm-receipt')).toBeNull();
  });

  it('edits a draft in the request dialog: the form comes filled and PUT carries the fields', async () => {
    let body: Record<string, unknown> | undefined;
    const draft = request('r1', {
      status: 'draft',
      approvalStatus: 'draft',
      currentStep: null,
      titulo: 'Relatório anual',
      acoes: can({ editar: true, remover: true, enviar: true }),
    });
    serve(
      {
        'GET /api/cac-app/request/requestTypeSearch': () => json([{ origem: 2, tipo: 'relatorio', descricao: 'request_type_relatorio', entrega: false, ausencia: false }]),
        'PUT /api/cac-app/request': (_u, init) => {
          body = JSON.parse(String(init.body));
          return json({ success: true, data: { ...draft, titulo: 'Relatório semestral' } });
        },
      },
      draft,
      [],
    );
    await openAs('request');
    await userEvent.click(screen.getByTestId('request-edit'));
    const title = await screen.findByTestId('request-field-titulo');
    await waitFor(() => expect(title).toHaveValue('Relatório anual'));
    expect(screen.getByTestId('request-field-dataReferencia')).toHaveValue('20/11/2026');
    await userEvent.clear(title);
    await userEvent.type(title, 'Relatório semestral');
    await userEvent.click(screen.getByTestId('request-save'));
    await waitFor(() => expect(body).toBeDefined());
    expect(body).toMatchObject({ ac4Ukey: 'r1', titulo: 'Relatório semestral', dataReferencia: '2026-11-20', motivo: 'Motivo' });
    expect(body!.tipo).toBeUndefined();
  });

  it('a draft’s file can be removed; a refusal reads "could not remove the file"', async () => {
    const file = { id: 'f1', nome: 'atestado.pdf', tipo: 'pdf' as const, tamanho: 8, sha256: 'x', url: '' };
    let removed: string | null = null;
    serve(
      {
        'DELETE /api/cac-app/anexos': (url) => {
          removed = url.searchParams.get('id');
          return json({ message: 'solicitacao_em_aprovacao', errors: [{ type: 'request', message: 'solicitacao_em_aprovacao' }] }, 422);
        },
      },
      request('r1', { status: 'draft', approvalStatus: 'draft', currentStep: null, anexos: [file], acoes: can({ editar: true, enviar: true }) }),
      [],
    );
    await openAs('request');
    expect(screen.getByTestId('request-attachment')).toHaveAttribute('data-attachment-kind', 'pdf');
    await userEvent.click(screen.getByTestId('request-attachment-remove'));
    expect(await screen.findByTestId('request-action-error')).toHaveTextContent(
      'Não foi possível remover o arquivo: A solicitação já está em aprovação',
    );
    expect(removed).toBe('f1');
  });

  it('shows the requester actions only to the requester (isrequester true)', async () => {
    let asked: URLSearchParams | null = null;
    const draft = request('r1', {
      status: 'draft',
      approvalStatus: 'draft',
      currentStep: null,
      acoes: can({ enviar: true, editar: true, remover: true }),
      departamento: { id: 'd-1', description: 'Financeiro' },
      centroCusto: { id: 'cc-4', code: 'CC-400', description: 'Tecnologia da informação' },
    });
    serve(
      {
        'GET /api/cac-app/request/isrequester': (url) => {
          asked = url.searchParams;
          return json({ isRequester: true });
        },
      },
      draft,
      chain('pending', 'pending'),
    );
    await openAs('request');
    expect(await screen.findByTestId('request-send-draft')).toBeInTheDocument();
    expect(screen.getByTestId('request-edit')).toBeInTheDocument();
    expect(screen.getByTestId('request-remove')).toBeInTheDocument();
    expect(screen.getByTestId('request-attach')).toBeInTheDocument();
    expect(screen.queryByTestId('request-not-requester')).toBeNull();
    expect(asked!.get('ac4Ukey')).toBe('r1');
    expect(asked!.get('m01Ukey')).toBeNull();
    expect(screen.getByTestId('request-view-departamento')).toHaveTextContent('Financeiro');
    expect(screen.getByTestId('request-view-centroCusto')).toHaveTextContent('CC-400 · Tecnologia da informação');
  });

  it('acting for a team member asks isrequester about the member', async () => {
    let asked: URLSearchParams | null = null;
    useRequestListStore.getState().setActingFor({ m01Ukey: 'emp-ana', name: 'Ana Souza' });
    const draft = request('r1', { status: 'draft', approvalStatus: 'draft', currentStep: null, acoes: can({ enviar: true }) });
    serve(
      {
        'GET /api/cac-app/request/isrequester': (url) => {
          asked = url.searchParams;
          return json({ isRequester: true });
        },
      },
      draft,
      chain('pending', 'pending'),
    );
    await openAs('request');
    expect(await screen.findByTestId('request-send-draft')).toBeInTheDocument();
    expect(asked!.get('m01Ukey')).toBe('emp-ana');
  });

  it('hides the requester actions and says why when the caller is not the requester', async () => {
    const draft = request('r1', { status: 'draft', approvalStatus: 'draft', currentStep: null, acoes: can({ enviar: true, editar: true, remover: true }) });
    serve({ 'GET /api/cac-app/request/isrequester': () => json({ isRequester: false }) }, draft, chain('pending', 'pending'));
    await openAs('request');
    expect(await screen.findByTestId('request-not-requester')).toHaveTextContent('Você não é o solicitante desta solicitação');
    for (const id of ['request-send-draft', 'request-edit', 'request-remove', 'request-attach']) {
      expect(screen.queryByTestId(id)).toBeNull();
    }
  });

  it('says "request not found" for an unknown or hidden request', async () => {
    mockFetch({
      'GET /api/cac-app/request/by-id': () => json({ message: 'solicitacao_nao_encontrada', errors: [{ type: 'id', message: 'solicitacao_nao_encontrada' }] }, 404),
      'GET /api/cac-app/requestApprover': () => json([]),
      'GET /api/cac-app/request/timeline': () => json([]),
    });
    renderWithProviders(<RequestViewDialog source="request" requestId="nope" onClose={() => {}} />);
    expect(await screen.findByTestId('request-view-error')).toHaveTextContent('Solicitação não encontrada');
  });
});
