import { afterEach, describe, expect, it } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { useLanguageStore } from '@/lib/language-store';
import { useSessionStore } from '@/lib/session-store';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import { LanguageSync } from './LanguageSync';

const user = { userName: 'ana.souza', accessCode: 'DEMOCORP', tenId: 'ten-1', hash: 'hash-1', role: ['pwa-rh-col'] };

describe('LanguageSync', () => {
  afterEach(() => act(() => useSessionStore.getState().reset()));

  it("switches to the user's language at sign-in, then saves the user's choices on the server", async () => {
    const spy = mockFetch({ 'POST /api/auth/updateUserLanguage': () => json({ success: true }) });
    renderWithProviders(<LanguageSync />);
    act(() => useSessionStore.getState().login({ user: { ...user, languageId: 'es' }, access_token: 'tok' }));
    await waitFor(() => expect(useLanguageStore.getState().language).toBe('es'));
    expect(spy).not.toHaveBeenCalled();

    act(() => useLanguageStore.getState().setLanguage('en'));
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    const [url, init] = spy.mock.calls[0];
    expect(String(url)).toContain('/api/auth/updateUserLanguage');
    expect(JSON.parse(String(init?.body))).toEqual({ userHash: 'hash-1', tenantId: 'ten-1', languageId: 'en' });
    expect(useSessionStore.getState().user?.languageId).toBe('en');
  });

  it('does not call the server for guests', async () => {
    const spy = mockFetch({});
    renderWithProviders(<LanguageSync />);
    act(() => useLanguageStore.getState().setLanguage('en'));
    await new Promise((r) => setTimeout(r, 50));
    expect(spy).not.toHaveBeenCalled();
  });
});
