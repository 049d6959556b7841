import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import { Route } from 'react-router-dom';
import { RouteAccess } from '@/app/routes/guards';

const DashboardPage = lazy(() => import('./pages/DashboardPage').then((m) => ({ default: m.DashboardPage })));

const LEVELS = [0, 1, 2] as const;

/** The dashboards' menu urls (menu entries dashboards0, 1, 2). */
export const DASHBOARD_PATHS = LEVELS.map((l) => `/apps/dashboards${l}`);

export function dashboardRoutes() {
  return LEVELS.map((l) => (
    <Route
      key={l}
      path={`/apps/dashboards${l}`}
      element={
        <RouteAccess menuId={`dashboards${l}`}>
          <Suspense fallback={<Loader />}>
            <DashboardPage level={l} />
          </Suspense>
        </RouteAccess>
      }
    />
  ));
}
