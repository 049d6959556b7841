import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { Link, Route, Routes } from 'react-router-dom';
import { NotificationBell } from '@/app/layout/NotificationBell';
import { LIVE_QUERIES } from '@/app/live-queries';
import { connectLiveQueries, deliverLive, receiveSubscribed, stopLiveStream } from '@/lib/live-stream';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, renderWithProviders, testQueryClient } from '@/test/render';
import { notification } from '../test-data';

// Many clicks each: slow on a loaded shared machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const LIST = 'GET /api/notification-app';
const DISMISS = 'POST /api/notification-app/dismiss';
const DISMISS_ALL = 'POST /api/notification-app/dismiss-all';
const DISPLAYED = 'PUT /api/notification-app/displayed';


function Shell() {
  return (
    <>
      <NotificationBell />
      <Link to="/other">go</Link>
      <Routes>
        <Route path="*" element={null} />
      </Routes>
    </>
  );
}

const count = () => screen.getByTestId('notifications-count').textContent;

let disconnect: () => void = () => {};

beforeEach(() => {
  useSessionStore.getState().login({
    user: { userName: 'ana', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'hash-1', displayName: 'Ana Souza' },
    access_token: 'tok',
  });
});

afterEach(() => {
  disconnect();
  stopLiveStream();
  act(() => notifications.clean());
  resetAllStores();
});

/** The shell with the bell, the pushes wired to its query client as in the app. */
function start() {
  const queryClient = testQueryClient();
  disconnect = connectLiveQueries(queryClient, LIVE_QUERIES);
  renderWithProviders(<Shell />, { queryClient });
}

describe('notification bell and panel', () => {
  it('counts, lists, toasts a pushed notification once and dismisses', async () => {
    const spy = mockFetch({
      [LIST]: () => json([notification('n1', { displayed: true, message: 'Antiga' })]),
      [DISPLAYED]: () => json({ success: true, first: true }),
      [DISMISS]: () => json({ success: true }),
      [DISMISS_ALL]: () => json({ success: true, dismissed: 1 }),
    });
    start();
    await waitFor(() => expect(count()).toBe('1'));
    expect(screen.queryAllByTestId('notification-toast')).toHaveLength(0); // already displayed

    const pushed = notification('n2', {
      message: 'Sua solicitação foi aprovada',
      options: { variant: 'success', classification: 1, from: 'Helena RH', header: '', link: '/apps/request' },
    });
    act(() => deliverLive('notification', pushed));
    act(() => deliverLive('notification', pushed)); // a duplicate push shows nothing more
    await waitFor(() => expect(count()).toBe('2'));
    const toast = await screen.findByTestId('notification-toast');
    expect(toast).toHaveTextContent('Sua solicitação foi aprovada');
    expect(screen.getByText('Helena RH escreveu:')).toBeInTheDocument();
    expect(spy.mock.calls.filter(([u]) => String(u).includes('/displayed'))).toHaveLength(1);

    await userEvent.click(screen.getByTestId('notifications'));
    const panel = await screen.findByTestId('notification-panel');
    const items = within(panel).getAllByTestId('notification-item');
    expect(items.map((i) => i.dataset.notificationId)).toEqual(['n2', 'n1']);
    expect(within(items[0]).getByTestId('notification-link')).toHaveAttribute('href', '/apps/request');

    await userEvent.click(within(items[1]).getByTestId('notification-dismiss'));
    await waitFor(() => expect(count()).toBe('1'));
    expect(within(panel).getAllByTestId('notification-item')).toHaveLength(1);
    const dismissCall = spy.mock.calls.find(([u]) => String(u).includes('/dismiss?'));
    expect(new URL(String(dismissCall?.[0]), 'http://localhost').searchParams.get('id')).toBe('n1');

    // Another tab dismissed the rest.
    act(() => deliverLive('notification.changed', { changes: [{ id: 'n2', displayed: true, dismissed: true }] }));
    await waitFor(() => expect(screen.queryByTestId('notifications-count')).toBeNull());
    expect(within(panel).getByTestId('notification-empty')).toBeInTheDocument();
  });

  it('dismisses all and closes on route change', async () => {
    const spy = mockFetch({
      [LIST]: () => json([notification('n1', { displayed: true }), notification('n2', { displayed: true })]),
      [DISMISS_ALL]: () => json({ success: true, dismissed: 2 }),
    });
    start();
    await waitFor(() => expect(count()).toBe('2'));
    await userEvent.click(screen.getByTestId('notifications'));
    await userEvent.click(await screen.findByTestId('notification-dismiss-all'));
    await waitFor(() => expect(screen.queryByTestId('notifications-count')).toBeNull());
    expect(spy.mock.calls.some(([u]) => String(u).includes('/dismiss-all'))).toBe(true);

    expect(screen.getByTestId('notification-panel')).toBeVisible();
    await userEvent.click(screen.getByText('go'));
    await waitFor(() => expect(screen.queryByTestId('notification-panel')).toBeNull());
  });

  it('toasts the notifications no tab has shown when the session starts', async () => {
    const spy = mockFetch({
      [LIST]: () => json([notification('n2'), notification('n1', { displayed: true })]),
      [DISPLAYED]: () => json({ success: true, first: true }),
    });
    start();
    const toast = await screen.findByTestId('notification-toast');
    expect(toast.dataset.notificationId).toBe('n2');
    expect(spy.mock.calls.filter(([u]) => String(u).includes('/displayed'))).toHaveLength(1);
  });

  it('puts a dismissed notification back when the server refuses, and says so', async () => {
    let refuse = true;
    mockFetch({
      [LIST]: () => json([notification('n1', { displayed: true }), notification('n2', { displayed: true })]),
      [DISMISS]: () => (refuse ? json({ message: 'erro_interno', errors: [] }, 500) : json({ success: true })),
    });
    start();
    await waitFor(() => expect(count()).toBe('2'));
    await userEvent.click(screen.getByTestId('notifications'));
    const panel = await screen.findByTestId('notification-panel');
    await userEvent.click(within(panel).getAllByTestId('notification-dismiss')[0]);
    await within(panel).findByText('Não foi possível atualizar as notificações.');
    await waitFor(() => expect(within(panel).getAllByTestId('notification-item')).toHaveLength(2));
    refuse = false;
    await userEvent.click(within(panel).getAllByTestId('notification-dismiss')[0]);
    await waitFor(() => expect(count()).toBe('1'));
    expect(within(panel).queryByText('Não foi possível atualizar as notificações.')).toBeNull();
  });

  it('reloads the list after a gap the push could not cover and toasts what no tab showed', async () => {
    let list = [notification('n1', { displayed: true })];
    const spy = mockFetch({
      [LIST]: () => json(list),
      [DISPLAYED]: () => json({ success: true, first: true }),
    });
    start();
    await waitFor(() => expect(count()).toBe('1'));
    list = [notification('n3'), notification('n1', { displayed: true })];
    act(() => receiveSubscribed({ wasRecovering: true, recovered: false }));
    await waitFor(() => expect(count()).toBe('2'));
    const toast = await screen.findByTestId('notification-toast');
    expect(toast.dataset.notificationId).toBe('n3');
    expect(spy.mock.calls.filter(([u]) => String(u).includes('/displayed'))).toHaveLength(1);
  });
});
