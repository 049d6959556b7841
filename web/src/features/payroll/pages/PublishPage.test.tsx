import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import type { Batch, BatchDocument, PublishReport } from '../api/payroll';
import { PublishPage, previousMonth } from './PublishPage';

const REPORT: PublishReport = {
  batchId: 'b1',
  month: '2026-10',
  kind: 'payslip',
  publishAt: '2026-11-28',
  published: [{ documentId: 'd1', fileName: 'holerite-12345678909.pdf', employeeId: 'e-ana', employeeName: 'Ana Souza' }],
  unmatched: [
    { fileName: 'holerite-99999999999.pdf', reason: 'no_match' },
    { fileName: 'falso.pdf', reason: 'arquivo_nao_pdf' },
  ],
};

const BATCH: Batch = {
  batchId: 'b1',
  month: '2026-10',
  kind: 'payslip',
  by: '0b7c2f52-3f1e-4a70-9d8a-5c1f3f3c9e01',
  byName: 'Helena RH',
  at: '2026-11-28T10:00:00Z',
  publishAt: '2026-11-28',
  files: 2,
  unmatched: REPORT.unmatched,
  signed: 1,
  pending: 1,
};

const DOCS: BatchDocument[] = [
  { documentId: 'd1', employeeId: 'e-ana', employeeName: 'Ana Souza', fileName: 'holerite-ana.pdf', withdrawn: false, signedAt: '2026-11-28T11:00:00Z' },
  { documentId: 'd2', employeeId: 'e-bia', employeeName: 'Beatriz Lima', fileName: 'holerite-bia.pdf', withdrawn: false, signedAt: null },
];

beforeEach(() =>
  useSessionStore.getState().login({
    user: { userName: 'helena.rh', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'h-helena', displayName: 'Helena' },
    access_token: 'tok',
  }),
);
afterEach(() => resetAllStores());

describe('PublishPage (HR publishing, rh_002_01_adm)', { timeout: 30_000 }, () => {
  it('publishes a ZIP for a month and kind and shows the report: published with names, unmatched with reasons', async () => {
    let form: FormData | null = null;
    mockFetch({
      'GET /api/payroll/batches': () => json([]),
      'POST /api/payroll/batches': (_u, init) => {
        form = init.body as FormData;
        return json(REPORT);
      },
    });
    renderWithProviders(<PublishPage />);
    expect(await screen.findByText('Nenhum lote publicado.')).toBeInTheDocument();
    // Nothing chosen: the form says so and sends nothing.
    await userEvent.click(screen.getByTestId('payroll-publish'));
    expect(await screen.findByText('Escolha ao menos um arquivo.')).toBeInTheDocument();
    expect(form).toBeNull();

    const zip = new File(['PK'], 'outubro.zip', { type: 'application/zip' });
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, zip);
    const month = screen.getByRole('textbox', { name: 'Competência (AAAA-MM)' });
    await userEvent.clear(month);
    await userEvent.type(month, '2026-13');
    await userEvent.click(screen.getByTestId('payroll-publish'));
    expect(await screen.findByText('Informe a competência como AAAA-MM.')).toBeInTheDocument();
    await userEvent.clear(month);
    await userEvent.type(month, '2026-10');
    await userEvent.click(screen.getByTestId('payroll-publish'));

    const report = await screen.findByTestId('payroll-report');
    const sent = form as unknown as FormData;
    expect(sent.get('month')).toBe('2026-10');
    expect(sent.get('kind')).toBe('payslip');
    expect((sent.getAll('files')[0] as File).name).toBe('outubro.zip');
    expect(sent.get('publishAt')).toBeNull();
    expect(within(report).getByTestId('payroll-report-published-count')).toHaveTextContent('Publicados (1)');
    expect(within(report).getByTestId('payroll-report-published-row')).toHaveTextContent('Ana Souza');
    const unmatched = within(report).getAllByTestId('payroll-report-unmatched-row');
    expect(unmatched[0]).toHaveTextContent('holerite-99999999999.pdf');
    expect(unmatched[0]).toHaveTextContent('Nenhum funcionário com este CPF');
    expect(unmatched[1]).toHaveTextContent('O arquivo não é um PDF nem uma imagem.');
  });

  it('shows a refused publication translated (a future month)', async () => {
    mockFetch({
      'GET /api/payroll/batches': () => json([]),
      'POST /api/payroll/batches': () => json({ message: 'competencia_futura', errors: [{ type: 'month', message: 'competencia_futura' }] }, 400),
    });
    renderWithProviders(<PublishPage />);
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByTestId('payroll-publish'));
    expect(await screen.findByTestId('payroll-publish-error')).toHaveTextContent('A competência não pode ser futura.');
  });

  it('shows an upload that published nothing as a refusal listing each file and why', async () => {
    mockFetch({
      'GET /api/payroll/batches': () => json([]),
      'POST /api/payroll/batches': () =>
        json({ message: 'arquivo_nao_pdf', errors: [{ type: 'falso.pdf', message: 'arquivo_nao_pdf' }, { type: 'x.pdf', message: 'no_match' }] }, 422),
    });
    renderWithProviders(<PublishPage />);
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, new File(['texto'], 'falso.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByTestId('payroll-publish'));
    expect(await screen.findByTestId('payroll-publish-error')).toHaveTextContent('Nada foi publicado');
    const rows = within(await screen.findByTestId('payroll-report')).getAllByTestId('payroll-report-unmatched-row');
    expect(rows[0]).toHaveTextContent('falso.pdf');
    expect(rows[0]).toHaveTextContent('O arquivo não é um PDF nem uma imagem.');
    expect(rows[1]).toHaveTextContent('Nenhum funcionário com este CPF');
  });

  it("lists the batches, a batch's signatures, reminds who has not signed and withdraws with a reason", async () => {
    let reminded = false;
    let withdrawal: unknown = null;
    mockFetch({
      'GET /api/payroll/batches': () => json([BATCH]),
      'GET /api/payroll/batches/b1/documents': () => json(DOCS),
      'POST /api/payroll/batches/b1/remind': () => {
        reminded = true;
        return json({ sent: 1 });
      },
      'POST /api/payroll/documents/d2/withdraw': (_u, init) => {
        withdrawal = JSON.parse(String(init.body));
        return json({});
      },
    });
    renderWithProviders(<PublishPage />);
    const row = await screen.findByTestId('payroll-batch');
    expect(within(row).getByTestId('payroll-batch-signed')).toHaveTextContent('1');
    expect(within(row).getByTestId('payroll-batch-pending')).toHaveTextContent('1');
    expect(row).toHaveTextContent('Helena RH');
    await userEvent.click(within(row).getByTestId('payroll-batch-open'));
    const docs = await screen.findAllByTestId('payroll-batch-document');
    expect(within(docs[0]).getByTestId('payroll-batch-document-status')).toHaveTextContent('Assinado em 28/11/2026');
    expect(within(docs[1]).getByTestId('payroll-batch-document-status')).toHaveTextContent('Não assinou');

    await userEvent.click(screen.getByTestId('payroll-remind'));
    expect(await screen.findByText('1 lembrete(s) enviado(s).')).toBeInTheDocument();
    expect(reminded).toBe(true);

    await userEvent.click(within(docs[1]).getByRole('button', { name: 'Retirar o documento de Beatriz Lima' }));
    const dialog = await screen.findByTestId('payroll-withdraw-dialog');
    await userEvent.click(within(dialog).getByTestId('payroll-withdraw-confirm'));
    expect(await within(dialog).findByText('Informe o motivo.')).toBeInTheDocument();
    expect(withdrawal).toBeNull();
    await userEvent.type(within(dialog).getByTestId('payroll-withdraw-reason'), 'valores errados');
    await userEvent.click(within(dialog).getByTestId('payroll-withdraw-confirm'));
    await waitFor(() => expect(withdrawal).toEqual({ reason: 'valores errados' }));
    expect(await screen.findByText('Documento retirado.')).toBeInTheDocument();
  });

  it('proposes the previous month', () => {
    expect(previousMonth(new Date(2026, 0, 15))).toBe('2025-12');
    expect(previousMonth(new Date(2026, 10, 28))).toBe('2026-10');
  });
});
