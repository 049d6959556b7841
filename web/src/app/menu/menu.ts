// The navigation menu (spec portal-core §2, §6): one definition, menu.json, shared with the
// server (auth/menu.json is its copy), shown through the permission rule of lib/permissions.
import { filterMenu, isVisible, permissionsOf, type MenuNode, type Permissions } from '@/lib/permissions';
import type { SessionUser } from '@/lib/session-types';
import definition from './menu.json';

export type { MenuNode };

/** The product's whole menu, before the rule. */
export const APP_MENU: readonly MenuNode[] = (definition as { items: MenuNode[] }).items;

/** Menu id of the time clock, whose entry opens the quick time-clock panel. */
export const CLOCK_MENU_ID = 'rh_007_001';

/** Maturity of a menu item (spec §2): 0 development, 1 testing, other production. */
export type Maturity = 0 | 1 | 2;
export function maturityOf(status: number | undefined): Maturity {
  if (status === 0) return 0;
  if (status === 1) return 1;
  return 2;
}

/** The menu a user sees: the rule applied to the whole menu. */
export function visibleMenu(user: SessionUser | null | undefined, items: readonly MenuNode[] = APP_MENU): MenuNode[] {
  return filterMenu(items, permissionsOf(user));
}

/** A navigable entry of the menu (item or link), for search and shortcuts. */
export interface MenuEntry {
  id: string;
  url?: string;
  action?: string;
  icon?: string;
  status?: number;
  external: boolean;
}

/** The items and links of a (filtered) menu, depth first. */
export function menuEntries(items: readonly MenuNode[]): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const it of items) {
    if (it.type === 'item' || it.type === 'link') {
      out.push({ id: it.id, url: it.url, action: it.action, icon: it.icon, status: it.status, external: it.type === 'link' });
    }
    out.push(...menuEntries(it.children ?? []));
  }
  return out;
}

/** The node with this id anywhere in the menu. */
export function findMenuNode(id: string, items: readonly MenuNode[] = APP_MENU): MenuNode | undefined {
  for (const it of items) {
    if (it.id === id) return it;
    const found = findMenuNode(id, it.children ?? []);
    if (found) return found;
  }
  return undefined;
}

/** The nodes from the top down to the node with this id (the node's groups, then the node). */
export function menuPath(id: string, items: readonly MenuNode[] = APP_MENU): MenuNode[] {
  for (const it of items) {
    if (it.id === id) return [it];
    const below = menuPath(id, it.children ?? []);
    if (below.length) return [it, ...below];
  }
  return [];
}

/**
 * Whether the rule shows the item to these permissions, its groups included: a route is
 * reachable only when the menu would show its entry.
 */
export function menuItemVisible(id: string, p: Permissions, items: readonly MenuNode[] = APP_MENU): boolean {
  const path = menuPath(id, items);
  return path.length > 0 && path.every((node) => isVisible(node, p));
}

/** Items of the menu that have their own page (a url inside the app), for the routes. */
export function routedItems(items: readonly MenuNode[] = APP_MENU): MenuNode[] {
  const out: MenuNode[] = [];
  for (const it of items) {
    if (it.type === 'item' && it.url && it.url.startsWith('/') && !it.action) out.push(it);
    out.push(...routedItems(it.children ?? []));
  }
  return out;
}

/** The i18n key of a menu item's title. */
export const titleKey = (id: string) => `menu.${id}` as const;

/**
 * The toolbar's quick time-clock button (spec portal-core §6): what the time-clock menu
 * entry needs (access id rh_007_001, time treatment), and never in the manager-requests
 * variant.
 */
export function quickClockVisible(user: SessionUser | null | undefined): boolean {
  if (!user) return false;
  const p = permissionsOf(user);
  return !p.managerRequests && menuItemVisible(CLOCK_MENU_ID, p);
}
