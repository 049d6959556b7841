import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import { Route } from 'react-router-dom';
import { RouteAccess } from '@/app/routes/guards';

const FenceAdminPage = lazy(() => import('./pages/FenceAdminPage').then((m) => ({ default: m.FenceAdminPage })));
const MyFencesPage = lazy(() => import('./pages/MyFencesPage').then((m) => ({ default: m.MyFencesPage })));

/** HR's fence editor (menu entry rh_005_03). */
export const FENCE_ADMIN_PATH = '/apps/admin-rh/cerca';
/** The employee's fences (portal-core §2; no menu entry: every signed-in employee). */
export const MY_FENCES_PATH = '/apps/rh/cerca';

/** The menu urls the fence area serves (they leave the placeholder list). */
export const FENCE_PATHS = [FENCE_ADMIN_PATH];

export function fenceRoutes() {
  return [
    <Route
      key={FENCE_ADMIN_PATH}
      path={FENCE_ADMIN_PATH}
      element={
        <RouteAccess menuId="rh_005_03">
          <Suspense fallback={<Loader />}>
            <FenceAdminPage />
          </Suspense>
        </RouteAccess>
      }
    />,
    <Route
      key={MY_FENCES_PATH}
      path={MY_FENCES_PATH}
      element={
        <Suspense fallback={<Loader />}>
          <MyFencesPage />
        </Suspense>
      }
    />,
  ];
}
