import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PdfViewProps } from '@/features/files/PdfView';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import { ANA, can, request } from '../test-data';
import { RequestViewDialog } from './RequestViewDialog';

// pdf.js does not run in jsdom: the viewer's PDF part is a two-page stand-in.
vi.mock('@/features/files/PdfView', () => ({
  default: function FakePdf({ page, onLoaded }: PdfViewProps) {
    useEffect(() => onLoaded(2, [['Atestado'], ['médico']]), [onLoaded]);
    return <div data-testid="pdf-page" data-page={page} />;
  },
}));

const FILES = [
  { id: 'f1', nome: 'atestado.pdf', tipo: 'pdf' as const, tamanho: 8, sha256: 'x', url: '' },
  { id: 'f2', nome: 'foto.jpg', tipo: 'jpg' as const, tamanho: 8, sha256: 'y', url: '' },
];

beforeEach(() => {
  useSessionStore.getState().login({
    user: { userName: 'ana', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: ANA.userHash, displayName: 'Ana' },
    access_token: 'tok',
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:anexo'), revokeObjectURL: vi.fn() }));
});
afterEach(() => resetAllStores());

describe('request attachments in the file viewer (spec portal-core §2)', { timeout: 30_000 }, () => {
  it('opens an attachment, walks to the next one and keeps the download link', async () => {
    const fetch = mockFetch({
      'GET /api/cac-app/request/isrequester': () => json({ isRequester: true }),
      'GET /api/cac-app/request/by-id': () => json(request('r1', { anexos: FILES, acoes: can({}) })),
      'GET /api/cac-app/requestApprover': () => json([]),
      'GET /api/cac-app/request/timeline': () => json([]),
      'GET /api/cac-app/anexos/baixar': (url) => new Response(new Blob([url.searchParams.get('id') === 'f1' ? '%PDF' : 'jpg'])),
    });
    renderWithProviders(<RequestViewDialog source="request" requestId="r1" onClose={() => {}} />);
    const rows = await screen.findAllByTestId('request-attachment', {}, { timeout: 10_000 });
    expect(within(rows[0]).getByTestId('attachment-download')).toHaveTextContent('atestado.pdf');
    await userEvent.click(within(rows[0]).getByRole('button', { name: 'Visualizar atestado.pdf' }));
    await waitFor(() => expect(screen.getByTestId('file-viewer-page')).toHaveTextContent('Página 1 de 2'));
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/api/cac-app/anexos/baixar?id=f1'))).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Próximo arquivo' }));
    expect(await screen.findByRole('img', { name: 'foto.jpg' })).toHaveAttribute('src', 'blob:anexo');
    expect(screen.getByTestId('file-viewer-title')).toHaveTextContent('foto.jpg (2 de 2)');
  });
});
