import { Route } from 'react-router-dom';
import { RouteAccess } from '@/app/routes/guards';
import { HRMarkPage } from './pages/HRMarkPage';

/** HR marking's route: HR only (menu rh_005_02, role admRH). */
export const HR_MARK_PATH = '/apps/admin-rh/marcacao';

/** The HR marking route behind its menu entry's access; call inside the signed-in layout. */
export function hrMarkRoutes() {
  return [
    <Route
      key={HR_MARK_PATH}
      path={HR_MARK_PATH}
      element={
        <RouteAccess menuId="rh_005_02">
          <HRMarkPage />
        </RouteAccess>
      }
    />,
  ];
}
