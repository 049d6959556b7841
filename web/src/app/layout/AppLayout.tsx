import { useEffect, type ReactNode } from 'react';
import { useMantineColorScheme } from '@mantine/core';
import { KioskScreen, isKiosk } from '@/features/kiosk';
import { NotificationFeed } from '@/features/notifications';
import { PendingSurveysDrawer } from '@/features/surveys';
import { selectTenant, selectUser, useSessionStore } from '@/lib/session-store';
import { HorizontalLayout } from './HorizontalLayout';
import { Layout1 } from './Layout1';
import { effectiveSettings } from './layout-settings';

/**
 * The signed-in page chrome: the layout, navigation style, visible areas and palette come
 * from the user's settings, else the tenant's (spec portal-core §1, §2; saved with
 * updateSettings from the colour-scheme panel).
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const user = useSessionStore(selectUser);
  const tenant = useSessionStore(selectTenant);
  const s = effectiveSettings(user, tenant);
  // The kiosk account sees the public-terminal screen in place of the pages (spec §1).
  const content = isKiosk(user) ? <KioskScreen /> : children;
  // Surveys pending at sign-in (spec portal-business §2), never on the kiosk.
  const surveys = isKiosk(user) ? null : <PendingSurveysDrawer />;
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (s.colorScheme) setColorScheme(s.colorScheme);
  }, [s.colorScheme, setColorScheme]);

  const frame =
    s.layout === 'layout1' ? (
      <Layout1 navbarStyle={s.navbarStyle} showNavbar={s.navbar} showToolbar={s.toolbar} showFooter={s.footer}>
        {content}
      </Layout1>
    ) : (
      <HorizontalLayout variant={s.layout} showNavbar={s.navbar} showToolbar={s.toolbar} showFooter={s.footer}>
        {content}
      </HorizontalLayout>
    );
  return (
    <>
      {frame}
      {surveys}
      <NotificationFeed />
    </>
  );
}
