import { describe, expect, it } from 'vitest';
import appMenu from '@/app/menu/menu.json';
import cases from './permissions.cases.json';
import {
  CLOSED_WIDGETS,
  DASHBOARD_WIDGETS,
  derivePermissions,
  expandAudiences,
  filterMenu,
  IMPLIED_AUDIENCES,
  isVisible,
  menuIds,
  permissionsOf,
  rolePasses,
  type MenuNode,
  type PermissionInput,
  type Permissions,
} from './permissions';
import type { SessionUser } from './session-types';

// The same cases as auth/permissions_test.go (generated there): the TypeScript mirror must
// give exactly what the server's rule gives.

type Input = PermissionInput;

/** The fixture's merge of a switch into a case input (auth/permissions_test.go, merge). */
function merge(a: Input, b: Input): Input {
  return {
    keys: { ...(a.keys ?? {}), ...(b.keys ?? {}) },
    roles: [...(a.roles ?? []), ...(b.roles ?? [])],
    employeeStatus: b.employeeStatus || a.employeeStatus,
    purchased: [...(a.purchased ?? []), ...(b.purchased ?? [])],
    deny: [...(a.deny ?? []), ...(b.deny ?? [])],
    accessConfig: { ...(a.accessConfig ?? {}), ...(b.accessConfig ?? {}) },
    dynamicAccess: { ...(a.dynamicAccess ?? {}), ...(b.dynamicAccess ?? {}) },
    admin: Boolean(a.admin || b.admin),
    timeTreated: Boolean(a.timeTreated || b.timeTreated),
    managerRequests: Boolean(a.managerRequests || b.managerRequests),
    external: Boolean(a.external || b.external),
  };
}

const implied = cases.implied as Record<string, string[]>;
const audiences = (roles: string[]) => expandAudiences(roles, implied);

const menu = (appMenu as { items: MenuNode[] }).items;

describe('permission rule: shared cases', () => {
  it("keeps the server's casbin audiences as its fallback table", () => {
    expect(IMPLIED_AUDIENCES).toEqual(implied);
  });

  it('uses the same menu as the cases', () => {
    expect(menuIds(menu)).toEqual(cases.menuIds);
  });

  it(`gives the server's menu for every role and switch combination (${cases.matrix.length} cases)`, () => {
    const failures: string[] = [];
    for (const row of cases.matrix as [number, number, string][]) {
      const [ri, bits, want] = row;
      let input = cases.roleSets[ri].input as Input;
      cases.switches.forEach((s, i) => {
        if (bits & (1 << i)) input = merge(input, s.input as Input);
      });
      const visible = menuIds(filterMenu(menu, derivePermissions(input, audiences)));
      const got = cases.menuIds.map((id) => (visible.includes(id) ? '1' : '0')).join('');
      if (got !== want) failures.push(`${cases.roleSets[ri].name} bits ${bits}: ${got} != ${want}`);
    }
    expect(failures.slice(0, 10)).toEqual([]);
  });

  it.each(cases.derive.map((c) => [c.name, c] as const))('derives %s like the server', (_name, c) => {
    const got = derivePermissions(c.input as Input, audiences);
    expect(got).toEqual(c.expected);
  });

  it.each(cases.ruleCases.map((c) => [c.name, c] as const))('rule menu: %s', (_name, c) => {
    const p = c.permissions as unknown as Permissions;
    const perms: Permissions = { ...p, roles: p.roles ?? [], audiences: p.audiences ?? [], deny: p.deny ?? [] };
    expect(menuIds(filterMenu(cases.ruleMenu as MenuNode[], perms))).toEqual(c.visible);
  });
});

describe('permission rule: spec facts', () => {
  const base: Permissions = derivePermissions({}, () => []);

  it('role check: none required, guests only, any match', () => {
    expect(rolePasses(undefined, [])).toBe(true);
    expect(rolePasses(null, ['x'])).toBe(true);
    expect(rolePasses([], [])).toBe(true);
    expect(rolePasses([], ['pwa-rh-col'])).toBe(false);
    expect(rolePasses(['gesRH', 'colRH'], ['colRH'])).toBe(true);
    expect(rolePasses(['gesRH'], ['colRH'])).toBe(false);
  });

  it('purchased: base module first; 31 dashboard widgets; 13 closed widgets denied by default', () => {
    expect(base.purchased).toEqual(['pwa-gen-tools']);
    expect(new Set(DASHBOARD_WIDGETS).size).toBe(31);
    expect(base.deny).toEqual(CLOSED_WIDGETS);
    expect(CLOSED_WIDGETS).toHaveLength(13);
    const all = derivePermissions({ purchased: ['pwa-dash-all'] }, () => []);
    expect(all.purchased).toHaveLength(33);
    const toggled = derivePermissions({ accessConfig: { widgetclosedpay: 1, rh_001_01: 1, solicita_ferias: 1 } }, () => []);
    expect(toggled.deny).toContain('rh_001_01');
    expect(toggled.deny).not.toContain('widgetclosedpay');
    expect(toggled.deny).not.toContain('solicita_ferias');
  });

  it('items without access id need only not be denied', () => {
    expect(isVisible({ id: 'x' }, base)).toBe(true);
    expect(isVisible({ id: 'x' }, { ...base, deny: ['x'] })).toBe(false);
    expect(isVisible({ id: 'x', accessId: 'm' }, base)).toBe(false);
    expect(isVisible({ id: 'x', review: 'typo' }, base)).toBe(false);
  });

  it('permissionsOf uses the server lists of userinfo as they are', () => {
    const user = {
      userName: 'ana',
      accessCode: 'X',
      tenId: 't',
      hash: 'h',
      role: ['pwa-rh-col'],
      roles: ['pwa-rh-col'],
      audiences: ['pwa-rh-col', 'colRH', 'colRHAll'],
      purchased: 'pwa-gen-tools,rh_007_001',
      deny: 'widgetoblirpf',
      tratamentodePonto: { semTratamentodePonto: false },
      flags: { Admin: true },
      environment: 'test', // a test host denies nothing more (lib/environment.ts)
    } as SessionUser;
    const p = permissionsOf(user);
    expect(p.deny).toEqual(['widgetoblirpf']);
    // On a production host its denials join the list (the server's list has them already).
    expect(permissionsOf({ ...user, environment: 'production', deny: 'widgetoblirpf,pivottable' }).deny).toEqual([
      'widgetoblirpf',
      'pivottable',
      'gridreports',
    ]);
    expect(p.audiences).toContain('colRHAll');
    expect(p.admin).toBe(true);
    expect(p.timeTreated).toBe(true);
    // Straight from the login answer: the rule derives the lists.
    const raw = permissionsOf({ ...user, audiences: undefined, purchased: '', deny: '' });
    expect(raw.purchased[0]).toBe('pwa-gen-tools');
    expect(raw.purchased).toContain('rh_007_001');
    expect(raw.deny).toEqual(CLOSED_WIDGETS);
    expect(raw.audiences).toEqual(['pwa-rh-col', 'colRH', 'colRHAll', 'gesColCurRH', 'gesColRH']);
  });
});
