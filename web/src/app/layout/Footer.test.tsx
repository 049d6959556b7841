import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { renderWithProviders } from '@/test/render';
import { Footer } from './Footer';

describe('Footer', () => {
  afterEach(() => act(() => useSessionStore.getState().reset()));

  it("links the tenant's portal and TS Plus addresses when it has them, and only those", () => {
    useSessionStore.getState().setTenant({
      accessCode: 'DEMOCORP',
      tenantId: 't',
      urls: { portalUrl: 'https://portal.example.com', tsPlus: 'https://ts.example.com', linkedin: '' },
    });
    renderWithProviders(<Footer />);
    expect(screen.getByRole('link', { name: 'Portal da empresa' })).toHaveAttribute('href', 'https://portal.example.com');
    expect(screen.getByRole('link', { name: 'Acesso remoto (TS Plus)' })).toHaveAttribute('href', 'https://ts.example.com');
    expect(screen.queryByRole('link', { name: 'LinkedIn' })).toBeNull();
  });
});
