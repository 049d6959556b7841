import { Route } from 'react-router-dom';
import { HOME_PATH } from '@/lib/config';
import { RouteAccess } from '../routes/guards';
import { AreaPage } from './AreaPage';
import { routedItems } from './menu';

/**
 * Routes of the menu's areas that have no screens yet, each behind the route guard with its
 * menu entry's access. Call inside the signed-in layout route: {menuAreaRoutes()}. An area
 * that gets its real page registers its own route and drops out here (pass its path in
 * `built`).
 */
export function menuAreaRoutes(built: readonly string[] = []) {
  return routedItems()
    .filter((item) => item.url && item.url !== HOME_PATH && !built.includes(item.url))
    .map((item) => (
      <Route
        key={item.id}
        path={item.url}
        element={
          <RouteAccess menuId={item.id}>
            <AreaPage item={item} />
          </RouteAccess>
        }
      />
    ));
}
