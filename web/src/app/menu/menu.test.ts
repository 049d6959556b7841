import { afterEach, describe, expect, it, vi } from 'vitest';
import { derivePermissions, expandAudiences, filterMenu, menuIds, type MenuNode } from '@/lib/permissions';
import type { SessionUser } from '@/lib/session-types';
import { APP_MENU, menuEntries, menuItemVisible, quickClockVisible, routedItems, visibleMenu } from './menu';

const employee = (roles: string[], extra: Partial<SessionUser> = {}): SessionUser => ({
  userName: 'u',
  accessCode: 'X',
  tenId: 't',
  hash: 'h',
  role: roles,
  roles,
  purchased: '',
  deny: '',
  tratamentodePonto: { semTratamentodePonto: false },
  ...extra,
});

describe('menu filtering', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('removes groups left with only dividers, keeps dividers of groups that stay', () => {
    const menu: MenuNode[] = [
      { id: 'a', type: 'item', url: '/a' },
      {
        id: 'g',
        type: 'group',
        children: [
          { id: 'g-d1', type: 'divider' },
          { id: 'g-x', type: 'item', url: '/x', accessId: 'not-bought' },
          { id: 'g-d2', type: 'divider' },
        ],
      },
      {
        id: 'h',
        type: 'group',
        children: [
          { id: 'h-c', type: 'collapse', children: [{ id: 'h-c-d', type: 'divider' }] },
          { id: 'h-d', type: 'divider' },
          { id: 'h-y', type: 'item', url: '/y' },
        ],
      },
    ];
    const p = derivePermissions({}, () => []);
    const shown = filterMenu(menu, p);
    expect(menuIds(shown)).toEqual(['a', 'h', 'h-y']);
    expect(shown[1].children?.map((c) => c.id)).toEqual(['h-d', 'h-y']);
  });

  it('shows each seed role its entries', () => {
    const ids = (u: SessionUser) => menuIds(visibleMenu(u));
    const ana = ids(employee(['pwa-rh-col']));
    const marcos = ids(employee(['pwa-rh-ges', 'pwa-rh-col']));
    const helena = ids(employee(['pwa-rh-adm', 'pwa-rh-col'], { flags: { Admin: true } }));
    expect(ana).toEqual(expect.arrayContaining(['home', 'rh_007_001', 'dashboards0', 'rh_002_04', 'rh_003_01', 'tools_012']));
    expect(ana).not.toContain('dashboards1');
    expect(ana).not.toContain('manager');
    expect(marcos).toEqual(expect.arrayContaining(['dashboards1', 'manager', 'rh_004_04']));
    expect(marcos).not.toContain('admin');
    expect(helena).toEqual(expect.arrayContaining(['dashboards2', 'admin', 'rh_005_03', 'manager']));
    // A not purchased module hides its entries for everyone.
    expect(helena).not.toContain('rh_004_02');
  });

  it('hides the time clock for a denied switch or without time treatment, and the quick button likewise', () => {
    const ana = employee(['pwa-rh-col']);
    expect(quickClockVisible(ana)).toBe(true);
    const denied = { ...ana, deny: 'rh_007_001', audiences: expandAudiences(['pwa-rh-col']) };
    expect(menuIds(visibleMenu(denied))).not.toContain('rh_007_001');
    expect(quickClockVisible(denied)).toBe(false);
    const untreated = employee(['pwa-rh-col'], { tratamentodePonto: { semTratamentodePonto: true } });
    expect(quickClockVisible(untreated)).toBe(false);
    expect(quickClockVisible(null)).toBe(false);
  });

  it('hides the quick clock and keeps only request and general tools in the manager-requests variant', () => {
    vi.stubEnv('VITE_MANAGER_REQUESTS', 'true');
    const marcos = employee(['pwa-rh-ges', 'pwa-rh-col'], { purchased: 'pwa-req-tools-request,pwa-rh-ferias' });
    expect(quickClockVisible(marcos)).toBe(false);
    const ids = menuIds(visibleMenu(marcos));
    expect(ids).toEqual(expect.arrayContaining(['tools_001', 'tools_002', 'rh_004_01']));
    expect(ids).not.toContain('rh_007_001');
    expect(ids).not.toContain('rh_004_02');
  });

  it('checks a route with its groups: a visible entry in a refused group is refused', () => {
    const p = derivePermissions({ roles: [], purchased: ['pwa-rh-dash'] }, () => ['colRH']);
    expect(menuItemVisible('dashboards0', p)).toBe(true);
    expect(menuItemVisible('rh_004_01', p)).toBe(false);
    expect(menuItemVisible('nope', p)).toBe(false);
  });

  it('lists entries and routed items', () => {
    const entries = menuEntries(APP_MENU);
    expect(entries.find((e) => e.id === 'rh_007_001')?.action).toBe('clock');
    expect(entries.every((e) => e.id)).toBe(true);
    const routed = routedItems().map((i) => i.url);
    expect(routed).toContain('/apps/dashboards0');
    expect(routed).not.toContain(undefined);
  });
});
