import { Route } from 'react-router-dom';
import { RouteAccess } from '@/app/routes/guards';
import type { ApprovalArea, ApprovalList } from './api/types';
import { ApprovalsPage } from './pages/ApprovalsPage';
import { DayPage } from './pages/DayPage';

/** The approval screens: route, guarding menu entry, area and list (spec portal-business §2). */
const APPROVALS: { path: string; menuId: string; area: ApprovalArea; list: ApprovalList }[] = [
  { path: '/apps/gestor-rh/aprovacao-ponto', menuId: 'rh_004_04', area: 'gestor', list: 'ponto' },
  { path: '/apps/gestor-rh/aprovacao-ajustes', menuId: 'aprovacao-ajustes', area: 'gestor', list: 'ajustes' },
  { path: '/apps/admin-rh/aprovacao-ponto', menuId: 'admin-aprovacao-ponto', area: 'admin', list: 'ponto' },
  { path: '/apps/admin-rh/aprovacao-ajustes', menuId: 'admin-aprovacao-ajustes', area: 'admin', list: 'ajustes' },
];

export const DAY_PATH = '/apps/rh/ponto-dia';

/** The menu urls these routes build (for menuAreaRoutes' `built`). */
export const ADJUSTMENT_PATHS = [DAY_PATH, ...APPROVALS.map((a) => a.path)];

/** The punch-adjustment routes, each behind its menu entry's access; call inside the signed-in layout. */
export function adjustmentRoutes() {
  return [
    <Route
      key={DAY_PATH}
      path={`${DAY_PATH}/:itemUkey?`}
      element={
        <RouteAccess menuId="ponto-dia">
          <DayPage />
        </RouteAccess>
      }
    />,
    ...APPROVALS.map((a) => (
      <Route
        key={a.path}
        path={`${a.path}/:filterHandle?`}
        element={
          <RouteAccess menuId={a.menuId}>
            <ApprovalsPage key={a.path} area={a.area} list={a.list} basePath={a.path} />
          </RouteAccess>
        }
      />
    )),
  ];
}
