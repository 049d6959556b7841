import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import { Route } from 'react-router-dom';
import { RouteAccess } from '@/app/routes/guards';

const FaqPage = lazy(() => import('./pages/FaqPage').then((m) => ({ default: m.FaqPage })));
const ContactPage = lazy(() => import('./pages/ContactPage').then((m) => ({ default: m.ContactPage })));

/** The FAQ (menu entry tools_012). */
export const FAQ_PATH = '/apps/faq/Faq';

/** The contact form (menu entry tools_014). */
export const CONTACT_PATH = '/apps/faq/Contato';

/** The menu urls the FAQ area serves (they leave the placeholder list). */
export const FAQ_PATHS = [FAQ_PATH, CONTACT_PATH];

export function faqRoutes() {
  return [
    <Route
      key={FAQ_PATH}
      path={FAQ_PATH}
      element={
        <RouteAccess menuId="tools_012">
          <Suspense fallback={<Loader />}>
            <FaqPage />
          </Suspense>
        </RouteAccess>
      }
    />,
    <Route
      key={CONTACT_PATH}
      path={CONTACT_PATH}
      element={
        <RouteAccess menuId="tools_014">
          <Suspense fallback={<Loader />}>
            <ContactPage />
          </Suspense>
        </RouteAccess>
      }
    />,
  ];
}
