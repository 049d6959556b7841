import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { useSessionStore } from '@/lib/session-store';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import { SessionGate } from './SessionGate';

const stored = {
  user: { userName: 'ana.souza', accessCode: 'DEMOCORP', tenId: 'ten-1', hash: 'hash-1', role: ['pwa-rh-col'] },
  access_token: 'tok-1',
};

describe('SessionGate (spec portal-core §4, session start)', () => {
  afterEach(() => act(() => useSessionStore.getState().reset()));

  it('shows the splash while the stored token is checked, then signs in with the permissions', async () => {
    useSessionStore.getState().login(stored);
    let answer: (r: Response) => void = () => {};
    const spy = mockFetch({
      'GET /api/cac-app/userinfo': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithProviders(<SessionGate>inside</SessionGate>);
    expect(screen.getByTestId('splash')).toBeInTheDocument();
    expect(screen.queryByText('inside')).not.toBeInTheDocument();
    await waitFor(() => expect(spy).toHaveBeenCalled());
    expect(String(spy.mock.calls[0][0])).toContain('userHash=hash-1');
    answer(json({ ...stored.user, audiences: ['pwa-rh-col', 'colRH'], menu: ['home'], shortcuts: 'home' }));
    expect(await screen.findByText('inside')).toBeInTheDocument();
    expect(useSessionStore.getState().user?.audiences).toEqual(['pwa-rh-col', 'colRH']);
    expect(useSessionStore.getState().accessToken).toBe('tok-1');
  });

  it('signs out with "invalid access token" when the server refuses the stored token', async () => {
    useSessionStore.getState().login(stored);
    mockFetch({ 'GET /api/cac-app/userinfo': () => json({ message: 'token_invalido', errors: [] }, 401) });
    renderWithProviders(<SessionGate>inside</SessionGate>);
    expect(await screen.findByText('inside')).toBeInTheDocument();
    expect(useSessionStore.getState().accessToken).toBeNull();
    expect(useSessionStore.getState().logoutReason).toBe('token_invalido');
  });

  it('goes straight on without a stored session', () => {
    renderWithProviders(<SessionGate>inside</SessionGate>);
    expect(screen.getByText('inside')).toBeInTheDocument();
  });
});
