import type { ReactElement } from 'react';
import { Navigate, Outlet, Route } from 'react-router-dom';
import type { RequestSource } from './api/types';
import { RequestsPage } from './pages/RequestsPage';
import { DEFAULT_FOLDER, REQUEST_BASE, REQUEST_MENU_ID } from './utils/paths';

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
      <Route path="label/:labelId/:requestId?" element={<RequestsPage source={source} />} />
      <Route path="filter/:filterHandle/:requestId?" element={<RequestsPage source={source} />} />
      <Route path=":folderHandle/:requestId?" element={<RequestsPage source={source} />} />
    </Route>
  ));
}
