import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import i18n from '@/i18n';
import { AppProviders } from '@/app/provider';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch } from '@/test/render';
import { notification } from '../test-data';
import { shouldToast, variantColor, wordingKey } from './toast-rules';
import { toastOnce } from './toaster';

const DISPLAYED = 'PUT /api/notification-app/displayed';

function signIn() {
  useSessionStore.getState().login({
    user: { userName: 'ana', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'hash-1', displayName: 'Ana Souza' },
    access_token: 'tok',
  });
}

/** The app's real providers: the toast limit and time are theirs. */
function renderApp() {
  return render(
    <AppProviders>
      <div />
    </AppProviders>,
  );
}

const toasts = () => screen.queryAllByTestId('notification-toast');

beforeEach(() => {
  signIn();
});

afterEach(() => {
  act(() => notifications.clean());
  resetAllStores();
  vi.useRealTimers();
});

describe('toast rules', () => {
  it('toasts only what no tab displayed, not dismissed, not already toasted here', () => {
    expect(shouldToast(notification('n1'), new Set())).toBe(true);
    expect(shouldToast(notification('n1', { displayed: true }), new Set())).toBe(false);
    expect(shouldToast(notification('n1', { dismissed: true }), new Set())).toBe(false);
    expect(shouldToast(notification('n1'), new Set(['n1']))).toBe(false);
  });

  it('words by classification and colours by variant', () => {
    const opts = (classification: 1 | 2 | 3, from = 'Helena') => ({
      options: { variant: 'info' as const, classification, from, header: '', link: '' },
    });
    expect(wordingKey(notification('n1', opts(1)))).toBe('wrote');
    expect(wordingKey(notification('n1', opts(2)))).toBe('requested');
    expect(wordingKey(notification('n1', opts(3)))).toBeUndefined();
    expect(wordingKey(notification('n1', opts(1, '')))).toBeUndefined();
    expect(['success', 'info', 'warning', 'error', 'other'].map(variantColor)).toEqual([
      'green',
      'blue',
      'yellow',
      'red',
      'blue',
    ]);
  });
});

describe('toastOnce', () => {
  it('shows at most 5 at once, each notification once, and marks each displayed', async () => {
    const spy = mockFetch({ [DISPLAYED]: () => json({ success: true, first: true }) });
    const show = vi.spyOn(notifications, 'show');
    renderApp();
    const list = Array.from({ length: 7 }, (_, i) => notification(`n${i}`));
    const shown = await act(() => Promise.all(list.map((n) => toastOnce(n))));
    expect(shown).toEqual(Array(7).fill(true));
    // Pushed again (a replay or the list load): nothing more.
    const again = await act(() => Promise.all(list.map((n) => toastOnce(n))));
    expect(again).toEqual(Array(7).fill(false));
    expect(show).toHaveBeenCalledTimes(7);
    expect(spy).toHaveBeenCalledTimes(7);
    await waitFor(() => expect(toasts()).toHaveLength(5));
    // The newest five are queued in order: the first five show, the others wait.
    expect(toasts().map((t) => t.dataset.notificationId)).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
    show.mockRestore();
  });

  it('hides a toast after 6 s and then shows the next queued one', async () => {
    mockFetch({ [DISPLAYED]: () => json({ success: true, first: true }) });
    renderApp();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(() => Promise.all(Array.from({ length: 6 }, (_, i) => toastOnce(notification(`n${i}`)))));
    await waitFor(() => expect(toasts()).toHaveLength(5));
    await act(() => vi.advanceTimersByTimeAsync(5_500));
    expect(toasts().map((t) => t.dataset.notificationId)).toContain('n0');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(toasts().map((t) => t.dataset.notificationId)).toContain('n5'));
    expect(toasts().map((t) => t.dataset.notificationId)).not.toContain('n0');
  });

  it('shows nothing when another tab displayed it first', async () => {
    mockFetch({ [DISPLAYED]: () => json({ success: true, first: false }) });
    renderApp();
    await expect(act(() => toastOnce(notification('n1')))).resolves.toBe(false);
    expect(toasts()).toHaveLength(0);
  });

  it('shows nothing for a notification the server does not know, but shows it when offline', async () => {
    mockFetch({ [DISPLAYED]: () => json({ message: 'nao_encontrado', errors: [] }, 404) });
    renderApp();
    await expect(act(() => toastOnce(notification('n1')))).resolves.toBe(false);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    await expect(act(() => toastOnce(notification('n2')))).resolves.toBe(true);
    await waitFor(() => expect(toasts()).toHaveLength(1));
  });

  it('does not toast displayed or dismissed notifications and makes no call for them', async () => {
    const spy = mockFetch({ [DISPLAYED]: () => json({ success: true, first: true }) });
    renderApp();
    await act(() => toastOnce(notification('n1', { displayed: true })));
    await act(() => toastOnce(notification('n2', { dismissed: true })));
    expect(spy).not.toHaveBeenCalled();
    expect(toasts()).toHaveLength(0);
  });

  it('words the toast by classification, in the current language, with the variant colour', async () => {
    mockFetch({ [DISPLAYED]: () => json({ success: true, first: true }) });
    renderApp();
    const n = (id: string, classification: 1 | 2 | 3, header = '') =>
      notification(id, {
        message: `Texto ${id}`,
        options: { variant: 'success', classification, from: 'Helena', header, link: '' },
      });
    await act(() => toastOnce(n('n1', 1)));
    await act(() => toastOnce(n('n2', 2)));
    await act(() => toastOnce(n('n3', 3, 'Aviso')));
    await act(() => i18n.changeLanguage('en'));
    await act(() => toastOnce(n('n4', 1)));
    await act(() => i18n.changeLanguage('es'));
    await act(() => toastOnce(n('n5', 2)));
    await waitFor(() => expect(toasts()).toHaveLength(5));
    const titles = screen.getAllByTestId('notification-title').map((t) => t.textContent);
    expect(titles).toEqual([
      'Helena escribió:', // titles re-render in the current language
      'Helena solicitó:',
      'Aviso',
      'Helena escribió:',
      'Helena solicitó:',
    ]);
    expect(screen.getByText('Texto n1')).toBeInTheDocument();
    const root = toasts()[0].closest('.mantine-Notification-root') as HTMLElement;
    expect(root.style.getPropertyValue('--notification-color')).toContain('green');
  });
});
