import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import { Route } from 'react-router-dom';
import { RouteAccess } from '@/app/routes/guards';

/** The audit area's screen (menu entry audit_001, pwa-rh-auditor and HR admins). */
export const AUDIT_PATH = '/apps/auditoria';

const AuditPage = lazy(() => import('./pages/AuditPage').then((m) => ({ default: m.AuditPage })));

export function auditRoutes() {
  return (
    <Route
      path={AUDIT_PATH}
      element={
        <RouteAccess menuId="audit_001">
          <Suspense fallback={<Loader />}>
            <AuditPage />
          </Suspense>
        </RouteAccess>
      }
    />
  );
}
