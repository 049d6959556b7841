import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import { highlightItem } from './search';
import type { PdfViewProps } from './PdfView';
import { FileViewer } from './FileViewer';
import type { ViewerFile } from './types';

// pdf.js cannot render in jsdom: the module boundary (PdfView) is replaced by a stand-in that
// reports a three-page document and renders its page's text items through the same highlight
// the real text layer uses; the rest of the viewer (toolbar, search, zoom, files) is real.
const TEXT = [['Demonstrativo de pagamento', 'Salário base'], ['Descontos', 'INSS salário'], ['Total líquido']];
vi.mock('./PdfView', () => ({
  default: function FakePdf({ page, scale, width, query, current, onLoaded }: PdfViewProps) {
    useEffect(() => onLoaded(TEXT.length, TEXT), [onLoaded]);
    return (
      <div data-testid="pdf-page" data-page={page} data-scale={width ? 'fit' : scale}>
        {TEXT[page - 1].map((s, i) => (
          <span key={i} dangerouslySetInnerHTML={{ __html: highlightItem(s, query, current, page, i) }} />
        ))}
      </div>
    );
  },
}));

const FILES: ViewerFile[] = [
  { name: 'holerite.pdf', url: '/api/files/1', contentType: 'application/pdf', downloadUrl: '/api/files/1/download', downloadName: 'payslip-2026-10.pdf' },
  { name: 'foto.png', url: '/api/files/2', contentType: 'image/png' },
  { name: 'planilha.xlsx', url: '/api/files/3', contentType: 'application/vnd.ms-excel' },
];

function Harness({ onClose = () => {}, start = 0 }: { onClose?: () => void; start?: number }) {
  const [index, setIndex] = useState(start);
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button onClick={() => setOpened(true)}>reopen</button>
      <FileViewer
        files={FILES}
        index={index}
        onIndexChange={setIndex}
        opened={opened}
        onClose={() => {
          setOpened(false);
          onClose();
        }}
      />
    </>
  );
}

function serveFiles() {
  const pdf = () => new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { headers: { 'Content-Type': 'application/pdf' } });
  return mockFetch({
    'GET /api/files/1': pdf,
    'GET /api/files/1/download': pdf,
    'GET /api/files/2': () => new Response(new Blob(['png'], { type: 'image/png' })),
    'GET /api/files/3': () => new Response(new Blob(['xls'])),
  });
}

beforeEach(() => {
  useSessionStore.getState().login({
    user: { userName: 'ana', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'h', displayName: 'Ana' },
    access_token: 'tok',
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }));
});
afterEach(() => resetAllStores());

describe('FileViewer (spec portal-core §2, file previewer)', { timeout: 30_000 }, () => {
  it('turns the pages of a PDF: page x of n, previous/next, PageDown', async () => {
    serveFiles();
    renderWithProviders(<Harness />);
    await waitFor(() => expect(screen.getByTestId('file-viewer-page')).toHaveTextContent('Página 1 de 3'));
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(screen.getByTestId('file-viewer-page')).toHaveTextContent('Página 2 de 3');
    expect(screen.getByTestId('pdf-page')).toHaveAttribute('data-page', '2');
    screen.getByRole('button', { name: 'Próxima página' }).focus();
    await userEvent.keyboard('{PageDown}');
    expect(screen.getByTestId('file-viewer-page')).toHaveTextContent('Página 3 de 3');
    expect(screen.getByRole('button', { name: 'Próxima página' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(screen.getByTestId('pdf-page')).toHaveAttribute('data-page', '2');
  });

  it('zooms in and out within its limits and fits the width', async () => {
    serveFiles();
    renderWithProviders(<Harness />);
    await screen.findByTestId('pdf-page');
    expect(screen.getByTestId('file-viewer-zoom')).toHaveTextContent('100%');
    await userEvent.click(screen.getByRole('button', { name: 'Aumentar zoom' }));
    expect(screen.getByTestId('file-viewer-zoom')).toHaveTextContent('125%');
    expect(screen.getByTestId('pdf-page')).toHaveAttribute('data-scale', '1.25');
    for (let i = 0; i < 4; i++) await userEvent.click(screen.getByRole('button', { name: 'Diminuir zoom' }));
    expect(screen.getByTestId('file-viewer-zoom')).toHaveTextContent('50%');
    expect(screen.getByRole('button', { name: 'Diminuir zoom' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Ajustar à largura' }));
    expect(screen.getByTestId('file-viewer-zoom')).toHaveTextContent('Ajuste');
    expect(screen.getByRole('button', { name: 'Ajustar à largura' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('finds text across pages, next and previous, and highlights the current match', async () => {
    serveFiles();
    renderWithProviders(<Harness />);
    await screen.findByText('Página 1 de 3');
    await userEvent.type(screen.getByRole('textbox', { name: 'Pesquisar no documento' }), 'salário');
    expect(screen.getByTestId('file-viewer-matches')).toHaveTextContent('1 de 2');
    const current = () => screen.getByTestId('pdf-page').querySelector('mark[data-current]');
    expect(current()).toHaveTextContent('Salário');
    await userEvent.click(screen.getByRole('button', { name: 'Próxima ocorrência' }));
    expect(screen.getByTestId('file-viewer-page')).toHaveTextContent('Página 2 de 3');
    expect(current()).toHaveTextContent('salário');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('file-viewer-page')).toHaveTextContent('Página 1 de 3');
    await userEvent.click(screen.getByRole('button', { name: 'Ocorrência anterior' }));
    expect(screen.getByTestId('file-viewer-page')).toHaveTextContent('Página 2 de 3');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Pesquisar no documento' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Pesquisar no documento' }), 'férias');
    expect(screen.getByTestId('file-viewer-matches')).toHaveTextContent('Nenhuma ocorrência');
  });

  it('goes to the previous and next file: an image directly, another type with a download', async () => {
    serveFiles();
    renderWithProviders(<Harness />);
    await screen.findByText('Página 1 de 3');
    expect(screen.getByTestId('file-viewer-title')).toHaveTextContent('holerite.pdf (1 de 3)');
    expect(screen.getByRole('button', { name: 'Arquivo anterior' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Próximo arquivo' }));
    expect(await screen.findByRole('img', { name: 'foto.png' })).toHaveAttribute('src', 'blob:file');
    expect(screen.queryByTestId('file-viewer-page')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Próximo arquivo' }));
    expect(await screen.findByTestId('file-viewer-generic')).toHaveTextContent('Não há pré-visualização');
    expect(screen.getByRole('button', { name: 'Próximo arquivo' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Arquivo anterior' }));
    await userEvent.click(screen.getByRole('button', { name: 'Arquivo anterior' }));
    // Back on the PDF: page 1 again.
    expect(await screen.findByText('Página 1 de 3')).toBeInTheDocument();
  });

  it('downloads from the download address under its own name', async () => {
    const fetch = serveFiles();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithProviders(<Harness />);
    await screen.findByText('Página 1 de 3');
    await userEvent.click(screen.getByRole('button', { name: 'Baixar' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/api/files/1/download'))).toBe(true);
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('payslip-2026-10.pdf');
  });

  it('prints through a hidden frame of the file', async () => {
    serveFiles();
    renderWithProviders(<Harness />);
    await screen.findByText('Página 1 de 3');
    await userEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    const frame = document.querySelector('[data-testid="file-viewer-print-frame"]');
    expect(frame).toHaveAttribute('src', 'blob:file');
    expect(frame).toHaveAttribute('aria-hidden', 'true');
  });

  it('names every button and closes on Esc, giving the focus back', async () => {
    serveFiles();
    const onClose = vi.fn();
    renderWithProviders(<Harness onClose={onClose} />);
    await screen.findByText('Página 1 de 3');
    const dialog = screen.getByRole('dialog');
    for (const b of within(dialog).getAllByRole('button')) expect(b).toHaveAccessibleName();
    expect(within(dialog).getByRole('button', { name: 'Fechar visualizador' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a refusal of the server translated', async () => {
    mockFetch({ 'GET /api/files/1': () => json({ message: 'documento_retirado', errors: [{ type: 'payroll', message: 'documento_retirado' }] }, 410) });
    renderWithProviders(
      <FileViewer files={FILES} index={0} onIndexChange={() => {}} opened onClose={() => {}} describeError={(k) => (k === 'documento_retirado' ? 'Documento retirado' : undefined)} />,
    );
    expect(await screen.findByTestId('file-viewer-error')).toHaveTextContent('Documento retirado');
  });
});
