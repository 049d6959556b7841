import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { BUILT_MENU_URLS, menuMaturity } from './built';
import { findMenuNode, routedItems, type MenuNode } from './menu';
import { menuAreaRoutes } from './menu-routes';

describe('menu maturity from what is built (issue 29)', () => {
  const placeholders = new Set(menuAreaRoutes().filter(isValidElement).map((r) => String(r.key)));

  it('shows the red dot exactly on the menu urls that render the placeholder page', () => {
    for (const item of routedItems()) {
      const red = menuMaturity(item) === 0;
      expect({ id: item.id, red }).toEqual({ id: item.id, red: placeholders.has(item.id) });
    }
  });

  it('never marks a built screen in development', () => {
    // The screens users named: vacations, escala, find people, birthdays, hires, requests,
    // approvals, deliveries, my team.
    for (const id of ['rh_001_01', 'rh_001_02', 'rh_001_03', 'rh_002_04', 'rh_003_01', 'rh_003_02', 'rh_003_03', 'tools_001', 'tools_002', 'tools_003', 'rh_004_01', 'rh_004_02']) {
      const node = findMenuNode(id) as MenuNode;
      expect(BUILT_MENU_URLS).toContain(node.url);
      expect({ id, maturity: menuMaturity(node) }).not.toEqual({ id, maturity: 0 });
    }
  });

  it('keeps what menu.json says of a built screen above development, and the clock action as it is', () => {
    expect(menuMaturity({ id: 'x', type: 'item', url: '/apps/homePage', status: 2 })).toBe(2);
    expect(menuMaturity({ id: 'x', type: 'item', url: '/apps/homePage', status: 0 })).toBe(1);
    expect(menuMaturity({ id: 'x', type: 'item', url: '/apps/not-built', status: 2 })).toBe(0);
    expect(menuMaturity(findMenuNode('rh_007_001') as MenuNode)).toBe(2);
  });
});
