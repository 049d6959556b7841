import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '@/lib/session-store';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import { ShortcutsBar } from './ShortcutsBar';

const entries = [
  { id: 'home', title: 'Início', icon: null },
  { id: 'rh_002_04', title: 'Escala de trabalho', icon: null },
  { id: 'rh_003_02', title: 'Aniversariantes', icon: null },
];

function signIn(shortcuts = '') {
  useSessionStore.getState().login({
    user: { userName: 'ana', accessCode: 'X', tenId: 'ten-1', hash: 'hash-1', role: ['pwa-rh-col'], shortcuts },
    access_token: 'tok',
  });
}

describe('ShortcutsBar', () => {
  afterEach(() => act(() => useSessionStore.getState().reset()));

  it('stars an entry, saves the list, filters case-insensitively and opens a shortcut', async () => {
    const user = userEvent.setup();
    signIn('home');
    const fetchSpy = mockFetch({ 'POST /api/auth/updateUserShortcuts': () => json({ success: true }) });
    const onChoose = vi.fn();
    renderWithProviders(<ShortcutsBar entries={entries} onChoose={onChoose} />);
    expect(screen.getByTestId('shortcut-home')).toBeInTheDocument();

    await user.click(screen.getByTestId('shortcuts-open'));
    await user.type(await screen.findByTestId('shortcuts-filter'), 'ESCALA');
    expect(screen.queryByTestId('shortcut-entry-rh_003_02')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('shortcut-toggle-rh_002_04'));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    const [url, init] = fetchSpy.mock.calls[0];
    expect(String(url)).toContain('/api/auth/updateUserShortcuts');
    expect(JSON.parse(String(init?.body))).toEqual({ userHash: 'hash-1', tenantId: 'ten-1', shortcuts: 'home,rh_002_04' });
    expect(useSessionStore.getState().user?.shortcuts).toBe('home,rh_002_04');
    expect(screen.getByTestId('shortcut-toggle-rh_002_04')).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByTestId('shortcut-rh_002_04'));
    expect(onChoose).toHaveBeenCalledWith('rh_002_04');
  }, 20_000);

  it('puts the star back when the server refuses', async () => {
    const user = userEvent.setup();
    signIn('');
    mockFetch({ 'POST /api/auth/updateUserShortcuts': () => json({ message: 'valor_invalido', errors: [] }, 400) });
    renderWithProviders(<ShortcutsBar entries={entries} onChoose={() => {}} />);
    await user.click(screen.getByTestId('shortcuts-open'));
    await user.click(await screen.findByTestId('shortcut-toggle-home'));
    await waitFor(() => expect(useSessionStore.getState().user?.shortcuts).toBe(''));
    expect(await screen.findByText('Não foi possível salvar os atalhos')).toBeInTheDocument();
  }, 20_000);
});
