import { describe, expect, it } from 'vitest';
import { BUILT_MENU_URLS, isPlaceholder, menuMaturity } from './built';
import type { MenuNode } from './menu';

describe('menu maturity (spec portal-core §2)', () => {
  const item = (url: string, status = 2): MenuNode => ({ id: 'x', type: 'item', url, status }) as MenuNode;

  it('marks a menu url without its own screen as a placeholder, red whatever menu.json says', () => {
    expect(isPlaceholder(item('/apps/fornecedores/cotacoes'))).toBe(true);
    expect(menuMaturity(item('/apps/fornecedores/cotacoes', 2))).toBe(0);
  });

  it('never shows a built screen red: at least in testing, production when menu.json says so', () => {
    expect(BUILT_MENU_URLS).toContain('/apps/rh/demonstrativos');
    expect(menuMaturity(item('/apps/rh/demonstrativos', 0))).toBe(1);
    expect(menuMaturity(item('/apps/rh/demonstrativos', 2))).toBe(2);
  });
});
