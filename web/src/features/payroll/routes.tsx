import { lazy, Suspense, type ReactNode } from 'react';
import { Loader } from '@mantine/core';
import { Route } from 'react-router-dom';
import { RouteAccess } from '@/app/routes/guards';

const DocumentsPage = lazy(() => import('./pages/DocumentsPage').then((m) => ({ default: m.DocumentsPage })));
const PublishPage = lazy(() => import('./pages/PublishPage').then((m) => ({ default: m.PublishPage })));

/** The employee's statements (menu rh_002_01) and income report (rh_002_02). */
export const STATEMENTS_PATH = '/apps/rh/demonstrativos';
export const INCOME_PATH = '/apps/rh/informe';
/** The income history of portal-core §2 (historico-rendimentos): every year's income reports. */
export const INCOME_HISTORY_PATH = '/apps/rh/historico-rendimentos';
/** HR's publishing screen (menu rh_002_01_adm, the spec's "_adm" variant of rh_002_01). */
export const PAYROLL_ADMIN_PATH = '/apps/admin-rh/demonstrativos';

/** The menu urls the payroll area serves (they leave the placeholder list). */
export const PAYROLL_PATHS = [STATEMENTS_PATH, INCOME_PATH, PAYROLL_ADMIN_PATH];

function guarded(path: string, menuId: string, page: ReactNode) {
  return (
    <Route
      key={path}
      path={path}
      element={
        <RouteAccess menuId={menuId}>
          <Suspense fallback={<Loader />}>{page}</Suspense>
        </RouteAccess>
      }
    />
  );
}

/** The payroll routes; call inside the signed-in layout. */
export function payrollRoutes() {
  return [
    guarded(STATEMENTS_PATH, 'rh_002_01', <DocumentsPage scope="statements" />),
    guarded(INCOME_PATH, 'rh_002_02', <DocumentsPage scope="income" />),
    guarded(INCOME_HISTORY_PATH, 'rh_002_02', <DocumentsPage scope="income" />),
    guarded(PAYROLL_ADMIN_PATH, 'rh_002_01_adm', <PublishPage />),
  ];
}
