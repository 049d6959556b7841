import { vi } from 'vitest';
import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import i18n from '@/i18n';
import { theme } from '@/app/theme';

interface Options extends Omit<RenderOptions, 'wrapper'> {
  route?: string;
  /** The query client (default: a new one that never retries). */
  queryClient?: QueryClient;
}

/** A query client for one test: no retries, nothing shared with other tests. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 }, mutations: { retry: false } } });
}

/** Renders inside MantineProvider (test env: no transitions), i18n and a memory router. */
export function renderWithProviders(ui: ReactElement, { route = '/', queryClient = testQueryClient(), ...options }: Options = {}) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <MantineProvider theme={theme} env="test">
            <Notifications />
            <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
          </MantineProvider>
        </I18nextProvider>
      </QueryClientProvider>
    );
  }
  return render(ui, { wrapper: Wrapper, ...options });
}

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** JSON response helper. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Stubs fetch with handlers keyed by "METHOD /path"; unknown calls answer
 * 404. Returns the spy so tests can read the calls.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const spy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${(init.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    const handler = handlers[key];
    if (!handler) return json({ message: 'nao_encontrado', errors: [] }, 404);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}
