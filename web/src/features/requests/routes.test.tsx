import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Routes, useLocation } from 'react-router-dom';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, renderWithProviders } from '@/test/render';
import { requestRoutes } from './routes';
import { can, page, request } from './test-data';

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderAt(route: string) {
  return renderWithProviders(
    <>
      <Routes>{requestRoutes((_menuId, element) => element)}</Routes>
      <Where />
    </>,
    { route },
  );
}

function serve() {
  return mockFetch({
    'GET /api/cac-app/request': () => json(page([request('r1', { labels: ['ti'] })])),
    'GET /api/cac-app/request/count': () => json({ waiting: 1, approver: 0, delivery: 0 }),
    'GET /api/cac-app/request/isrequester': () => json({ isRequester: true }),
    'GET /api/cac-app/request/by-id': (url) => json(request(url.searchParams.get('id')!, { acoes: can() })),
    'GET /api/cac-app/requestApprover': () => json([]),
    'GET /api/cac-app/request/timeline': () => json([]),
  });
}

const listQueries = (spy: ReturnType<typeof serve>) =>
  spy.mock.calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname === '/api/cac-app/request')
    .map((u) => Object.fromEntries(u.searchParams));

beforeEach(() => {
  useSessionStore.getState().login({
    user: { userName: 'ana', accessCode: 'DEMOCORP', tenId: 'tenant-1', hash: 'hash-ana', displayName: 'Ana Souza' },
    access_token: 'tok',
  });
});
afterEach(() => resetAllStores());

describe('request routes (spec portal-business §2)', { timeout: 30_000 }, () => {
  it.each([
    ['/apps/request', '/apps/request/all', 'request', 'all'],
    ['/apps/requestApprover', '/apps/requestApprover/waiting', 'approver', 'waiting'],
    ['/apps/requestDelivery', '/apps/requestDelivery/waiting', 'delivery', 'waiting'],
  ])('%s opens its default folder', async (from, to, source, folder) => {
    const spy = serve();
    renderAt(from);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(to));
    await screen.findByTestId(`requests-page-${source}`, {}, { timeout: 10_000 }); // the screen loads lazily
    await waitFor(() => expect(listQueries(spy)[0]).toMatchObject({ source, filterHandle: folder }));
  });

  it('filter/:filterHandle/:requestId opens the filtered list and the request in readonly mode', async () => {
    const spy = serve();
    renderAt('/apps/request/filter/rejected/r9');
    const dialog = await screen.findByTestId('request-dialog');
    expect(dialog).toHaveAttribute('data-mode', 'readonly');
    await waitFor(() => expect(dialog).toHaveAttribute('data-request-id', 'r9'));
    expect(listQueries(spy)[0]).toMatchObject({ source: 'request', filterHandle: 'rejected' });
  });

  it('label/:labelId lists the label; choosing a row puts its id in the route', async () => {
    const spy = serve();
    renderAt('/apps/request/label/ti');
    await waitFor(() => expect(listQueries(spy)[0]).toMatchObject({ labelId: 'ti', filterHandle: 'all' }));
    await userEvent.click(await screen.findByTestId('request-row'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/apps/request/label/ti/r1'));
    // The side panel's folder goes back to a folder route.
    await userEvent.click(screen.getByTestId('request-folder-waiting'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/apps/request/waiting'));
  });
});
