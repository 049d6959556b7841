import { lazy, Suspense, type ReactElement } from 'react';
import { Loader } from '@mantine/core';
import { Navigate, Outlet, Route } from 'react-router-dom';
import type { RequestSource } from './api/types';
import { DEFAULT_FOLDER, REQUEST_BASE, REQUEST_MENU_ID } from './utils/paths';

// The screens load on first use: they are most of this feature's code and keep the app's
// first bundle under Vite's chunk-size limit.
const RequestsPage = lazy(() => import('./pages/RequestsPage').then((m) => ({ default: m.RequestsPage })));

function Screen({ source }: { source: RequestSource }) {
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <RequestsPage source={source} />
    </Suspense>
  );
}

const SOURCES: RequestSource[] = ['request', 'approver', 'delivery'];

/** The menu urls these routes serve (pass them to menuAreaRoutes' `built`). */
export const REQUEST_BUILT_PATHS: readonly string[] = SOURCES.map((s) => REQUEST_BASE[s]);

/**
 * The routes of the three request screens (spec portal-business §2): under each base,
 * label/:labelId/:requestId?, filter/:filterHandle/:requestId? and :folderHandle/:requestId?,
 * the base itself going to the default folder. `guard(menuId, element)` wraps each screen in
 * the app's route guard for its menu entry. Call inside the signed-in layout route.
 */
export function requestRoutes(guard: (menuId: string, element: ReactElement) => ReactElement) {
  return SOURCES.map((source) => (
    <Route key={source} path={REQUEST_BASE[source]} element={guard(REQUEST_MENU_ID[source], <Outlet />)}>
      <Route index element={<Navigate to={DEFAULT_FOLDER[source]} replace />} />
      <Route path="label/:labelId/:requestId?" element={<Screen source={source} />} />
      <Route path="filter/:filterHandle/:requestId?" element={<Screen source={source} />} />
      <Route path=":folderHandle/:requestId?" element={<Screen source={source} />} />
    </Route>
  ));
}
