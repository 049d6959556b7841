import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { LIVE_QUERIES } from '@/app/live-queries';
import { connectLiveQueries, deliverLive } from '@/lib/live-stream';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, renderWithProviders, testQueryClient } from '@/test/render';
import { HomeBanner } from './HomeBanner';

const CONFIG = 'GET /api/gen/HomePage/config';
const PENDING = 'GET /api/gen/HomePage/pending';
const empty = {
  home_page_greeting: '', home_page_title: '', home_page_message: '', home_page_bgimage: '', home_page_textcolor: '',
  home_page_bgcolor: '', home_page_boxcolor: '', home_page_boxopacity: null, hideName: false,
};

function signIn(roles: string[], displayName = 'Maria Aparecida dos Santos') {
  useSessionStore.getState().login({
    user: { userName: 'maria', accessCode: 'DEMOCORP', tenId: 't1', hash: 'h1', displayName, roles },
    access_token: 'tok',
  });
}

afterEach(() => {
  resetAllStores();
  vi.unstubAllGlobals();
});

describe('HomeBanner (spec portal-business §2 home banner)', () => {
  it("shows the tenant's texts with {name} as the shortened name, image, colours and box opacity", async () => {
    signIn(['pwa-rh-col']);
    mockFetch({
      [CONFIG]: () => json({ ...empty, home_page_greeting: 'Olá, {name}!', home_page_title: 'Título', home_page_message: 'Oi {name}.',
        home_page_bgimage: '/images/x.svg', home_page_textcolor: '#ffffff', home_page_boxcolor: '#0b2545', home_page_boxopacity: 0.55 }),
      [PENDING]: () => json({ items: [{ kind: 'notifications', count: 2 }, { kind: 'mood', count: 0 }], total: 2 }),
    });
    renderWithProviders(<HomeBanner />);
    await waitFor(() => expect(screen.getByTestId('home-banner-greeting')).toHaveTextContent('Olá, Maria Santos!'));
    expect(screen.getByTestId('home-banner-title')).toHaveTextContent('Título');
    expect(screen.getByTestId('home-banner-message')).toHaveTextContent('Oi Maria Santos.');
    const banner = screen.getByTestId('home-banner');
    expect(banner.style.backgroundImage).toContain('/images/x.svg');
    expect(banner.style.color).toBe('rgb(255, 255, 255)');
    expect(screen.getByTestId('home-banner-box').style.backgroundColor).toBe('rgba(11, 37, 69, 0.55)');
    // Pending items with a count are shown; the others are left out.
    expect(await screen.findByTestId('home-pending-notifications')).toHaveTextContent('Notificações não lidas: 2');
    expect(screen.queryByTestId('home-pending-mood')).not.toBeInTheDocument();
  });

  it("shows the queues' items (issue 35), each translated and linked to its screen", async () => {
    signIn(['pwa-rh-ges']);
    mockFetch({
      [CONFIG]: () => json(empty),
      [PENDING]: () =>
        json({
          items: [
            { kind: 'requests', count: 1, link: '/apps/request/all' },
            { kind: 'approvals.requests', count: 2, link: '/apps/requestApprover/waiting' },
            { kind: 'approvals.vacations', count: 3, link: '/apps/gestor-rh/aprovacao-ferias/waiting' },
            { kind: 'approvals.adjustments', count: 4, link: '/apps/gestor-rh/aprovacao-ajustes/waiting' },
            { kind: 'approvals.abonos', count: 5, link: '/apps/gestor-rh/aprovacao-ponto/waiting' },
            { kind: 'surveys', count: 6, link: '/apps/homePage?pesquisas=1' },
          ],
          total: 21,
        }),
    });
    renderWithProviders(<HomeBanner />);
    const expected: [string, string, string][] = [
      ['requests', 'Minhas solicitações a enviar ou confirmar: 1', '/apps/request/all'],
      ['approvals-requests', 'Solicitações a aprovar: 2', '/apps/requestApprover/waiting'],
      ['approvals-vacations', 'Férias a aprovar: 3', '/apps/gestor-rh/aprovacao-ferias/waiting'],
      ['approvals-adjustments', 'Ajustes de ponto a aprovar: 4', '/apps/gestor-rh/aprovacao-ajustes/waiting'],
      ['approvals-abonos', 'Abonos a aprovar: 5', '/apps/gestor-rh/aprovacao-ponto/waiting'],
      ['surveys', 'Pesquisas a responder: 6', '/apps/homePage?pesquisas=1'],
    ];
    for (const [id, text, link] of expected) {
      const badge = await screen.findByTestId(`home-pending-${id}`);
      expect(badge).toHaveTextContent(text);
      expect(badge.closest('a')?.getAttribute('href')).toBe(link);
    }
  });

  it('uses the translated defaults and hides the name with hideName', async () => {
    signIn(['pwa-rh-ges']);
    mockFetch({ [CONFIG]: () => json({ ...empty, hideName: true }), [PENDING]: () => json({ items: [], total: 0 }) });
    renderWithProviders(<HomeBanner />);
    await screen.findByText('Nada pendente por aqui.');
    expect(screen.getByTestId('home-banner-greeting')).toHaveTextContent(/^Que bom ter você aqui!$/);
    expect(screen.getByTestId('home-banner-title')).toHaveTextContent('Bem-vindo ao portal');
    expect(screen.getByTestId('home-banner').style.backgroundImage).toContain('/images/home-banner.svg');
  });

  it('loads pending items only for pwa-rh-adm, pwa-rh-ges and pwa-rh-col', async () => {
    signIn(['totem-totem-totem-totem-totem'], 'Totem');
    const spy = mockFetch({ [CONFIG]: () => json(empty), [PENDING]: () => json({ items: [], total: 0 }) });
    renderWithProviders(<HomeBanner />);
    await waitFor(() => expect(screen.getByTestId('home-banner-greeting')).toHaveTextContent('Que bom ter você aqui, Totem!'));
    expect(spy.mock.calls.some(([u]) => String(u).includes('/pending'))).toBe(false);
    expect(screen.queryByTestId('home-pending')).not.toBeInTheDocument();
  });

  it('reads the settings again when an administrator saves the home page, not for other settings', async () => {
    signIn(['pwa-rh-col']);
    let title = 'Antes';
    const spy = mockFetch({ [CONFIG]: () => json({ ...empty, home_page_title: title }), [PENDING]: () => json({ items: [], total: 0 }) });
    const queryClient = testQueryClient();
    const disconnect = connectLiveQueries(queryClient, LIVE_QUERIES);
    renderWithProviders(<HomeBanner />, { queryClient });
    await waitFor(() => expect(screen.getByTestId('home-banner-title')).toHaveTextContent('Antes'));
    const configReads = () => spy.mock.calls.filter(([u]) => String(u).includes('/config')).length;
    title = 'Depois';
    act(() => deliverLive('settings.changed', { key: 'mood' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(configReads()).toBe(1);
    act(() => deliverLive('settings.changed', { key: 'home_page' }));
    await waitFor(() => expect(screen.getByTestId('home-banner-title')).toHaveTextContent('Depois'));
    expect(configReads()).toBe(2);
    disconnect();
  });
});
