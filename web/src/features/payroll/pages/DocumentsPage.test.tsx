import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PdfViewProps } from '@/features/files/PdfView';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import type { PayrollDocument } from '../api/payroll';
import { DocumentsPage } from './DocumentsPage';

// pdf.js does not run in jsdom: the viewer's PDF part is a one-page stand-in (see files/FileViewer.test.tsx).
vi.mock('@/features/files/PdfView', () => ({
  default: function FakePdf({ page, onLoaded }: PdfViewProps) {
    useEffect(() => onLoaded(1, [['Holerite']]), [onLoaded]);
    return <div data-testid="pdf-page" data-page={page} />;
  },
}));

function doc(id: string, month: string, over: Partial<PayrollDocument> = {}): PayrollDocument {
  return {
    documentId: id,
    month,
    kind: 'payslip',
    fileName: `holerite-${month}.pdf`,
    contentType: 'application/pdf',
    size: 1000,
    publishAt: `${month}-28`,
    withdrawn: false,
    withdrawnAt: null,
    withdrawReason: '',
    signedAt: null,
    canSign: true,
    ...over,
  };
}

const DOCS = [
  doc('d-aug', '2026-08', { signedAt: '2026-09-02T12:00:00Z', canSign: false }),
  doc('d-oct', '2026-10'),
  doc('d-sep', '2026-09', { withdrawn: true, withdrawnAt: '2026-10-01T10:00:00Z', withdrawReason: 'valores errados', canSign: false }),
  doc('d-inf', '2025-12', { kind: 'income_report', fileName: 'informe-2025.pdf' }),
];

function serve(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/payroll/years': () => json([2026, 2025]),
    'GET /api/payroll/documents': (url) => {
      const year = url.searchParams.get('year');
      const kind = url.searchParams.get('kind');
      return json(DOCS.filter((d) => (year === '2025' ? d.month.startsWith('2025') : d.month.startsWith('2026')) && (!kind || d.kind === kind)));
    },
    'GET /api/payroll/documents/d-oct/content': () => new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' })),
    'GET /api/payroll/documents/d-aug/content': () => new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' })),
    ...extra,
  });
}

beforeEach(() => {
  useSessionStore.getState().login({
    user: { userName: 'ana.souza', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'h-ana', displayName: 'Ana' },
    access_token: 'tok',
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:doc'), revokeObjectURL: vi.fn() }));
});
afterEach(() => resetAllStores());

describe('DocumentsPage (rh_002_01 demonstrativos, rh_002_02 informe)', { timeout: 30_000 }, () => {
  it('lists the newest year newest month first, with the status chips and the password hint', async () => {
    serve();
    renderWithProviders(<DocumentsPage scope="statements" />);
    const rows = await screen.findAllByTestId('payroll-document', {}, { timeout: 10_000 });
    expect(rows.map((r) => r.getAttribute('data-month'))).toEqual(['2026-10', '2026-09', '2026-08']);
    const status = (id: string) => within(rows.find((r) => r.dataset.documentId === id)!).getByTestId('payroll-status');
    expect(status('d-oct')).toHaveTextContent('Novo');
    expect(status('d-sep')).toHaveTextContent('Retirado: valores errados');
    expect(status('d-aug')).toHaveTextContent('Assinado em 02/09/2026');
    expect(within(rows[0]).getByText('Holerite')).toBeInTheDocument();
    // Only the unsigned document offers the signature; the withdrawn one cannot be opened.
    expect(screen.getAllByTestId('payroll-sign')).toHaveLength(1);
    expect(within(rows[1]).getByTestId('payroll-open')).toBeDisabled();
    expect(screen.getByTestId('payroll-password-hint')).toHaveTextContent('4 primeiros dígitos do seu CPF');
  });

  it('changes the year and filters by kind', async () => {
    const fetch = serve();
    renderWithProviders(<DocumentsPage scope="statements" />);
    await screen.findAllByTestId('payroll-document', {}, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('textbox', { name: 'Tipo' }));
    await userEvent.click(await screen.findByRole('option', { name: '13º salário' }));
    expect(await screen.findByText('Não há documentos para este ano.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('kind=thirteenth'))).toBe(true);
    await userEvent.click(screen.getByRole('textbox', { name: 'Tipo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Todos os tipos' }));
    await userEvent.click(screen.getByRole('textbox', { name: 'Ano' }));
    await userEvent.click(await screen.findByRole('option', { name: '2025' }));
    // The statements page does not list the income report of 2025.
    expect(await screen.findByText('Não há documentos para este ano.')).toBeInTheDocument();
  });

  it('the income report page lists the income reports only', async () => {
    const fetch = serve();
    renderWithProviders(<DocumentsPage scope="income" />);
    await userEvent.click(await screen.findByRole('textbox', { name: 'Ano' }));
    await userEvent.click(await screen.findByRole('option', { name: '2025' }));
    const row = await screen.findByTestId('payroll-document');
    expect(row).toHaveAttribute('data-document-id', 'd-inf');
    expect(fetch.mock.calls.every(([u]) => !String(u).includes('/documents?') || String(u).includes('kind=income_report'))).toBe(true);
  });

  it('opens a document in the viewer and goes to the next openable one', async () => {
    serve();
    renderWithProviders(<DocumentsPage scope="statements" />);
    const rows = await screen.findAllByTestId('payroll-document', {}, { timeout: 10_000 });
    await userEvent.click(within(rows[0]).getByTestId('payroll-open'));
    await waitFor(() => expect(screen.getByTestId('file-viewer-page')).toHaveTextContent('Página 1 de 1'));
    expect(screen.getByTestId('file-viewer-title')).toHaveTextContent('holerite-2026-10.pdf (1 de 2)');
    await userEvent.click(screen.getByRole('button', { name: 'Próximo arquivo' }));
    // The withdrawn September document is skipped.
    expect(screen.getByTestId('file-viewer-title')).toHaveTextContent('holerite-2026-08.pdf (2 de 2)');
  });

  it('downloads the protected PDF under the kind and month', async () => {
    const fetch = serve({ 'GET /api/payroll/documents/d-oct/download': () => new Response(new Blob(['%PDF-enc'])) });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithProviders(<DocumentsPage scope="statements" />);
    const rows = await screen.findAllByTestId('payroll-document', {}, { timeout: 10_000 });
    await userEvent.click(within(rows[0]).getByTestId('payroll-download'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('payslip-2026-10.pdf');
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/api/payroll/documents/d-oct/download'))).toBe(true);
  });

  it('signs after the password: a wrong one stays on the dialog, the right one posts AssinaturaEletronica', async () => {
    let attempts = 0;
    let sent: { url: URL; body: unknown } | null = null;
    serve({
      'POST /api/cac-app/AssinaturaEletronica/assinar': (url, init) => {
        attempts++;
        const body = JSON.parse(String(init.body));
        if (body.senha !== 'certa') return json({ message: 'senha_incorreta', errors: [{ type: 'senha', message: 'senha_incorreta' }] }, 400);
        sent = { url, body };
        return json({ success: true, data: { documentId: 'd-oct', signedAt: '2026-11-28T10:00:00Z', hash: 'abc' } });
      },
    });
    renderWithProviders(<DocumentsPage scope="statements" />);
    await userEvent.click(await screen.findByTestId('payroll-sign'));
    await userEvent.type(await screen.findByTestId('confirm-password-input'), 'errada');
    await userEvent.click(screen.getByTestId('confirm-password-continue'));
    expect(await screen.findByText('Senha incorreta')).toBeInTheDocument();
    await userEvent.clear(screen.getByTestId('confirm-password-input'));
    await userEvent.type(screen.getByTestId('confirm-password-input'), 'certa');
    await userEvent.click(screen.getByTestId('confirm-password-continue'));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(attempts).toBe(2);
    expect(sent!.body).toEqual({ senha: 'certa' });
    expect(Object.fromEntries(sent!.url.searchParams)).toEqual({ tenid: 'tenant-1', par: 'd-oct', descricao: 'holerite' });
    expect(await screen.findByText('Documento assinado.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('confirm-password-input')).toBeNull());
  });

  it.each([
    ['assinatura_holerite_desabilitada', 'A assinatura de holerite está desabilitada.'],
    ['documento_ja_assinado', 'Documento já assinado.'],
    ['documento_retirado', 'Documento retirado.'],
  ])('a refused signature (%s) reads translated', async (key, text) => {
    serve({ 'POST /api/cac-app/AssinaturaEletronica/assinar': () => json({ message: key, errors: [{ type: 'payroll', message: key }] }, key === 'assinatura_holerite_desabilitada' ? 403 : 409) });
    renderWithProviders(<DocumentsPage scope="statements" />);
    await userEvent.click(await screen.findByTestId('payroll-sign'));
    await userEvent.type(await screen.findByTestId('confirm-password-input'), 'certa');
    await userEvent.click(screen.getByTestId('confirm-password-continue'));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('says so when there is nothing published, with no year to choose', async () => {
    mockFetch({ 'GET /api/payroll/years': () => json([]) });
    renderWithProviders(<DocumentsPage scope="statements" />);
    expect(await screen.findByTestId('payroll-empty')).toHaveTextContent('Você ainda não tem documentos publicados.');
    expect(screen.getByTestId('payroll-year')).toBeDisabled();
  });
});
