import { lazy, Suspense, type ReactNode } from 'react';
import { Loader } from '@mantine/core';
import { Route } from 'react-router-dom';
import { RouteAccess } from '@/app/routes/guards';

const HourBankPage = lazy(() => import('./pages/HourBankPage').then((m) => ({ default: m.HourBankPage })));
const AbsenteeismPage = lazy(() => import('./pages/AbsenteeismPage').then((m) => ({ default: m.AbsenteeismPage })));

/** The hour bank and absenteeism screens, each behind its menu entry's access (auth/menu.json). */
const SCREENS: { path: string; menuId: string; element: ReactNode }[] = [
  { path: '/apps/gestor-rh/banco-horas', menuId: 'rh_004_05', element: <HourBankPage scope="team" /> },
  { path: '/apps/admin-rh/banco-horas', menuId: 'admin-banco-horas', element: <HourBankPage scope="tenant" /> },
  { path: '/apps/gestor-rh/absenteismo', menuId: 'rh_004_06', element: <AbsenteeismPage scope="team" /> },
  { path: '/apps/admin-rh/absenteismo', menuId: 'admin-absenteismo', element: <AbsenteeismPage scope="tenant" /> },
];

/** The menu urls the attendance area serves (they leave the placeholder list). */
export const ATTENDANCE_PATHS = SCREENS.map((s) => s.path);

export function attendanceRoutes() {
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
