import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { useSessionStore } from '@/lib/session-store';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import { PunchReceipts } from './PunchReceipts';

const RECEIPTS = 'GET /api/rep/receipts';

function receipt(nsr: number) {
  return {
    markId: `m-${nsr}`,
    nsr,
    markedAt: '2026-11-27T12:00:00Z',
    hash: 'ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789',
    employerName: 'Demo Corp',
    cnpj: '11222333000181',
    place: 'Sede',
    employeeName: 'Ana Souza',
    cpf: '52998224725',
  };
}

describe('PunchReceipts', () => {
  afterEach(() => useSessionStore.getState().reset());

  it('lists the receipts with their NSR and hash, each downloadable', async () => {
    mockFetch({ [RECEIPTS]: () => json([receipt(12), receipt(7)]) });
    renderWithProviders(<PunchReceipts />);
    const items = await screen.findAllByTestId('rep-receipt');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByTestId('rep-receipt-nsr').textContent).toBe('NSR 000000012');
    expect(items[0].textContent).toContain('Hash ABCDEF0123456789…');
    expect(within(items[1]).getByTestId('rep-receipt-download')).toBeTruthy();
  });

  it('shows nothing without receipts', async () => {
    mockFetch({ [RECEIPTS]: () => json([]) });
    const { container } = renderWithProviders(<PunchReceipts />);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="rep-receipts"]')).toBeNull();
  });
});
