import { lazy, Suspense, type ReactNode } from 'react';
import { Loader } from '@mantine/core';
import { Route } from 'react-router-dom';
import { RouteAccess } from '@/app/routes/guards';
import {
  ADMIN_MAP_PATH,
  ADMIN_PLANNING_PATH,
  APPROVALS_PATH,
  HISTORY_PATH,
  MANAGER_MAP_PATH,
  MANAGER_PLANNING_PATH,
  MY_VACATIONS_PATH,
  REQUEST_PATH,
} from './paths';

/** The menu urls these routes serve (menuAreaRoutes leaves them out). */
export const VACATION_MENU_URLS = [
  MY_VACATIONS_PATH,
  REQUEST_PATH,
  HISTORY_PATH,
  '/apps/gestor-rh/mapVaccations/filter/0',
  '/apps/admin-rh/mapVaccations/filter/0',
  '/apps/gestor-rh/aprovacao-ferias',
  MANAGER_PLANNING_PATH,
  ADMIN_PLANNING_PATH,
] as const;

// The screens load on first use: the map and the schedule dialog bring FullCalendar, which
// the rest of the app does not need.
const MyVacationsPage = lazy(() => import('./pages/MyVacationsPage').then((m) => ({ default: m.MyVacationsPage })));
const RequestVacationPage = lazy(() => import('./pages/RequestVacationPage').then((m) => ({ default: m.RequestVacationPage })));
const VacationHistoryPage = lazy(() => import('./pages/VacationHistoryPage').then((m) => ({ default: m.VacationHistoryPage })));
const VacationMapPage = lazy(() => import('./pages/VacationMapPage').then((m) => ({ default: m.VacationMapPage })));
const VacationApprovalsPage = lazy(() => import('./pages/VacationApprovalsPage').then((m) => ({ default: m.VacationApprovalsPage })));
const VacationPlanningPage = lazy(() => import('./pages/VacationPlanningPage').then((m) => ({ default: m.VacationPlanningPage })));

/** The vacation screens (spec portal-business §2), each behind its menu entry's guard. */
export function vacationRoutes() {
  const routes: [string, string, ReactNode][] = [
    [MY_VACATIONS_PATH, 'rh_001_01', <MyVacationsPage />],
    [REQUEST_PATH, 'rh_001_02', <RequestVacationPage />],
    [HISTORY_PATH, 'rh_001_03', <VacationHistoryPage />],
    [MANAGER_MAP_PATH, 'rh_004_03', <VacationMapPage scope="gestor" />],
    [ADMIN_MAP_PATH, 'rh_005_05', <VacationMapPage scope="admin" />],
    [APPROVALS_PATH, 'rh_004_02', <VacationApprovalsPage />],
    [MANAGER_PLANNING_PATH, 'rh_004_07', <VacationPlanningPage scope="gestor" />],
    [ADMIN_PLANNING_PATH, 'rh_005_04', <VacationPlanningPage scope="admin" />],
  ];
  return routes.map(([path, menuId, page]) => (
    <Route key={path} path={path} element={
        <RouteAccess menuId={menuId}>
          <Suspense fallback={<Loader />}>{page}</Suspense>
        </RouteAccess>
      } />
  ));
}
