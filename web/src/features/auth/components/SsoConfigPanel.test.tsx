import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '@/lib/session-store';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import { SsoConfigPanel } from './SsoConfigPanel';

// Rendering and typing are slow in jsdom on a busy machine.
const SLOW = 30_000;

const stored = {
  issuer: 'https://idp.example.com',
  clientId: 'portal',
  hasSecret: true,
  grantTypes: 0,
  enabled: true,
  configured: true,
};

describe('SsoConfigPanel', { timeout: SLOW }, () => {
  beforeEach(() => {
    act(() =>
      useSessionStore.getState().login({
        user: { userName: 'helena', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'h', flags: { Admin: true } },
        access_token: 'tok',
        refreshToken: 'ref',
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => useSessionStore.getState().reset());
  });

  it('shows the provider, keeps the secret when left empty and saves the change', async () => {
    const spy = mockFetch({
      'GET /api/auth/sso/config': () => json(stored),
      'PUT /api/auth/sso/config': (_u, init) => json({ ...stored, ...JSON.parse(String(init.body)), hasSecret: true }),
    });
    renderWithProviders(<SsoConfigPanel />);
    const issuer = await screen.findByTestId('sso-config-issuer');
    expect(issuer).toHaveValue('https://idp.example.com');
    expect(screen.getByText('Deixe em branco para manter o segredo atual.')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Só pelo provedor'));
    await userEvent.click(screen.getByTestId('sso-config-save'));
    await waitFor(() => expect(spy.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toContain('tenId=tenant-1');
    expect(JSON.parse(String(put[1]?.body))).toEqual({ issuer: 'https://idp.example.com', clientId: 'portal', grantTypes: 1, enabled: true });
  });

  it('a public client sends an empty secret', async () => {
    const spy = mockFetch({
      'GET /api/auth/sso/config': () => json(stored),
      'PUT /api/auth/sso/config': () => json({ ...stored, hasSecret: false }),
    });
    renderWithProviders(<SsoConfigPanel />);
    await userEvent.click(await screen.findByTestId('sso-config-public'));
    expect(screen.queryByTestId('sso-config-secret')).toBeNull();
    await userEvent.click(screen.getByTestId('sso-config-save'));
    await waitFor(() => expect(spy.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]?.body)).clientSecret).toBe('');
  });

  it('shows the server validation on its field, translated', async () => {
    mockFetch({
      'GET /api/auth/sso/config': () => json({ ...stored, configured: false, issuer: '', clientId: '', hasSecret: false }),
      'PUT /api/auth/sso/config': () =>
        json({ message: 'emissor_https', errors: [{ type: 'issuer', message: 'emissor_https' }] }, 400),
    });
    renderWithProviders(<SsoConfigPanel />);
    await userEvent.type(await screen.findByTestId('sso-config-issuer'), 'http://idp.example.com');
    await userEvent.type(screen.getByTestId('sso-config-client-id'), 'portal');
    await userEvent.click(screen.getByTestId('sso-config-save'));
    expect(await screen.findByText('O provedor precisa usar https')).toBeInTheDocument();
  });
});
