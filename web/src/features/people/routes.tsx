import { lazy, Suspense, type ReactNode } from 'react';
import { Loader } from '@mantine/core';
import { Route } from 'react-router-dom';
import { RouteAccess } from '@/app/routes/guards';

const PeopleSearchPage = lazy(() => import('./pages/PeopleSearchPage').then((m) => ({ default: m.PeopleSearchPage })));
const MonthPeoplePage = lazy(() => import('./pages/MonthPeoplePage').then((m) => ({ default: m.MonthPeoplePage })));
const SchedulePage = lazy(() => import('./pages/SchedulePage').then((m) => ({ default: m.SchedulePage })));

/** The people area's screens, each behind its menu entry's access (auth/menu.json). */
const SCREENS: { path: string; menuId: string; element: ReactNode }[] = [
  { path: '/apps/gestor-rh/minha-equipe', menuId: 'rh_004_01', element: <PeopleSearchPage type="gestor" /> },
  { path: '/apps/admin-rh/minha-equipe', menuId: 'rh_005_01', element: <PeopleSearchPage type="adm" /> },
  { path: '/apps/rh/encontrar', menuId: 'rh_003_01', element: <PeopleSearchPage type="all" /> },
  { path: '/apps/rh/aniversariantes', menuId: 'rh_003_02', element: <MonthPeoplePage kind="birthdays" /> },
  { path: '/apps/rh/admitidos-mes', menuId: 'rh_003_03', element: <MonthPeoplePage kind="hires" /> },
  { path: '/apps/rh/escala', menuId: 'rh_002_04', element: <SchedulePage /> },
];

/** The menu urls the people area serves (they leave the placeholder list). */
export const PEOPLE_PATHS = SCREENS.map((s) => s.path);

export function peopleRoutes() {
  return SCREENS.map((s) => (
    <Route
      key={s.path}
      path={s.path}
      element={
        <RouteAccess menuId={s.menuId}>
          <Suspense fallback={<Loader />}>{s.element}</Suspense>
        </RouteAccess>
      }
    />
  ));
}
