import { Route } from 'react-router-dom';
import { HOME_PATH } from '@/lib/config';
import { RouteAccess } from '../routes/guards';
import { AreaPage } from './AreaPage';
import { BUILT_MENU_URLS, isPlaceholder } from './built';
import { routedItems } from './menu';

/**
 * Routes of the menu's areas that have no screens yet, each behind the route guard with its
 * menu entry's access. Call inside the signed-in layout route: {menuAreaRoutes()}. An area
 * that gets its real page registers its own route and adds its path to BUILT_MENU_URLS
 * (built.ts), which drops it out here and takes its red "in development" dot away.
 */
export function menuAreaRoutes(built: readonly string[] = BUILT_MENU_URLS) {
  return routedItems()
    .filter((item) => item.url && item.url !== HOME_PATH && isPlaceholder(item, built))
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
