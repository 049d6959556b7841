import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import { Route } from 'react-router-dom';
import { RouteAccess } from '@/app/routes/guards';

/** The REP-P screen (AFD/AEJ exports, the certificate): who may open the audit area may open it. */
export const REP_PATH = '/apps/auditoria/rep-p';

const RepPage = lazy(() => import('./pages/RepPage').then((m) => ({ default: m.RepPage })));

export function repRoutes() {
  return (
    <Route
      path={REP_PATH}
      element={
        <RouteAccess menuId="audit_001">
          <Suspense fallback={<Loader />}>
            <RepPage />
          </Suspense>
        </RouteAccess>
      }
    />
  );
}
