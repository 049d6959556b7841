import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useActiveAppStore, userInApp } from '@/features/apps';
import { useClockStore } from '@/features/clock';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { CLOCK_MENU_ID, findMenuNode, menuEntries, visibleMenu, type MenuNode } from './menu';
import { MenuIcon } from './MenuIcon';
import { useMenuTitle } from './use-menu-title';

/**
 * The signed-in user's menu through the rule, for the role set of the active app, its navigable entries with their titles and
 * icons (for search and shortcuts), and `choose`, which opens an entry: its action (the time
 * clock opens the quick time-clock panel) or its url.
 */
export function useAppMenu() {
  const user = useSessionStore(selectUser);
  const title = useMenuTitle();
  const navigate = useNavigate();
  const openClock = useClockStore((s) => s.open);
  // The menu shows the active app's role set (spec portal-core §1, the app switcher).
  const app = useActiveAppStore((s) => s.app);
  const menu: MenuNode[] = useMemo(() => visibleMenu(userInApp(user, app)), [user, app]);
  const entries = useMemo(
    () =>
      menuEntries(menu).map((e) => ({
        ...e,
        title: title(e.id),
        icon: <MenuIcon name={e.icon} size={18} />,
      })),
    [menu, title],
  );
  const choose = useCallback(
    (id: string) => {
      const node = findMenuNode(id, menu);
      if (!node) return;
      if (node.action === 'clock' || node.id === CLOCK_MENU_ID) {
        openClock();
        return;
      }
      if (!node.url) return;
      if (node.type === 'link' || /^https?:/i.test(node.url)) {
        window.open(node.url, '_blank', 'noopener,noreferrer');
        return;
      }
      navigate(node.url);
    },
    [menu, navigate, openClock],
  );
  return { menu, entries, choose, title };
}
