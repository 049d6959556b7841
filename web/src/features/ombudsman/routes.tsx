import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import { Route } from 'react-router-dom';
import { RouteAccess } from '@/app/routes/guards';
import { OMBUDSMAN_PATH } from './paths';

const OmbudsmanPage = lazy(() => import('./pages/OmbudsmanPage').then((m) => ({ default: m.OmbudsmanPage })));

/** The menu urls the ombudsman area serves (they leave the placeholder list). */
export const OMBUDSMAN_PATHS = [OMBUDSMAN_PATH];

export function ombudsmanRoutes() {
  return [
    <Route
      key={OMBUDSMAN_PATH}
      path={OMBUDSMAN_PATH}
      element={
        <RouteAccess menuId="tools_015">
          <Suspense fallback={<Loader />}>
            <OmbudsmanPage />
          </Suspense>
        </RouteAccess>
      }
    />,
  ];
}
