// The permission rule of spec portal-core §6 (and portal-business §6), mirrored from the
// server's auth/permissions.go. The server derives a user's permissions and enforces them on
// every call; the web app runs the same rule to build the menu, the toolbar and the route
// guard. Both run the shared cases of permissions.cases.json in their tests, so they agree.
//
// Module ids the spec leaves unnamed (base tools, dashboards, widgets) are this product's
// choice and documented in auth/permissions.go.
import { environmentOf, hostDenied } from './environment';
import type { SessionUser } from './session-types';

// Profile keys and the role prefixes they allow (spec §3, §6).
export const KEY_EMPLOYEE = 'm01_ukey';
export const PROFILE_TYPES: ReadonlyArray<{ key: string; prefix: string }> = [
  { key: 'm01_ukey', prefix: 'pwa-rh-' },
  { key: 'a03_ukey', prefix: 'pwa-a03-' },
  { key: 'a08_ukey', prefix: 'pwa-a08-' },
  { key: 'usr_ukeya', prefix: 'pwa-usr-' },
  { key: 'o59_ukey', prefix: 'candidate' },
];

export const ROLE_COLLABORATOR = 'pwa-rh-col';
export const ROLE_INACTIVE = 'pwa-rh-inativo';
export const ROLE_MANAGER = 'pwa-rh-ges';
export const ROLE_HR_ADMIN = 'pwa-rh-adm';
export const ROLE_PRE_ADMISSION = 'pwa-rh-preadm';
export const ROLE_AUDITOR = 'pwa-rh-auditor';
export const ROLE_KIOSK = 'totem-totem-totem-totem-totem';

/** The selected set of roles a sign-in keeps (spec §6). */
export const KNOWN_ROLES: ReadonlySet<string> = new Set([
  'admin',
  'user',
  'candidate',
  ROLE_COLLABORATOR,
  ROLE_INACTIVE,
  ROLE_MANAGER,
  ROLE_HR_ADMIN,
  'pwa-rh-cur',
  ROLE_AUDITOR,
  ROLE_PRE_ADMISSION,
  ROLE_KIOSK,
  'pwa-a03-ges',
  'pwa-a08-ges',
  'pwa-usr-ges',
]);

// Module ids (auth/permissions.go).
export const BASE_TOOLS_MODULE = 'pwa-gen-tools';
export const GENERAL_TOOLS_PREFIX = 'pwa-gen-tools';
export const REQUEST_TOOLS_PREFIX = 'pwa-req-tools-';
export const ALL_DASHBOARDS = 'pwa-dash-all';
export const PAYROLL_MODULE = 'pwa-rh-folha';
export const DASHBOARD_MODULE = 'pwa-rh-dash';
export const MASTER_ADMIN_MODULE = 'pwa-master-adm';
export const TIME_CLOCK_MODULE = 'rh_007_001';

/** The 13 closed/obligation widgets of portal-business §2, denied by default. */
export const CLOSED_WIDGETS: readonly string[] = [
  'widgetendtrialper',
  'widgetreturnleave',
  'widgetclosedpay',
  'widgetclosedtimesheet',
  'widgetclosedvac',
  'widgetclosedtermcontr',
  'widgetclosed13salary1',
  'widgetclosed13salary2',
  'widgetoblsefip',
  'widgetoblirpf',
  'widgetoblesocial',
  'widgetexpiredexams',
  'widgetleaveinss',
];

/** The 31 widgets of the 'all dashboards' entitlement. */
export const DASHBOARD_WIDGETS: readonly string[] = [
  ...CLOSED_WIDGETS,
  'widgetbirthdays',
  'widgetnewhires',
  'widgetheadcount',
  'widgetturnover',
  'widgetabsenteeism',
  'widgethourbank',
  'widgetovertime',
  'widgetlatearrivals',
  'widgetmissingmarks',
  'widgetpendingapprovals',
  'widgetrequests',
  'widgetpayslips',
  'widgetbenefits',
  'widgettrainings',
  'widgetsurveys',
  'widgetmood',
  'widgetvacationexpiring',
  'widgetvacationoverdue',
];

export const PAYROLL_WIDGETS: readonly string[] = ['widgetpayslips', 'widgetbirthdays', 'widgetnewhires', 'widgetclosedpay'];
export const TIME_CLOCK_WIDGETS: readonly string[] = [
  'widgethourbank',
  'widgetmissingmarks',
  'widgetlatearrivals',
  'widgetclosedtimesheet',
];

/** Access switches that grant an ability when 1, with their defaults. */
export const ABILITY_SWITCHES: Readonly<Record<string, number>> = {
  solicita_ferias: 0,
  solicita_abono_ferias: 0,
  solicita_13_ferias: 0,
  solicita_ajuste_ponto: 0,
  solicita_abono_ponto: 0,
  altera_localizacao: 0,
  visualiza_espelho: 0,
  assina_ponto: 1,
  assina_holerite: 1,
};

export const DYNAMIC_FLAGS = ['altera_localizacao', 'eNPS', 'clima', 'enquete'] as const;

/**
 * Roles and audience groups each role implies in a tenant (auth/policy.csv, answered by casbin
 * on the server). The server sends each user's audiences with GET userinfo; this table serves
 * until then (a user straight from the login answer). permissions.test.ts checks it against the
 * shared cases, which the server generates from casbin.
 */
export const IMPLIED_AUDIENCES: Readonly<Record<string, readonly string[]>> = {
  'admin': ['user'],
  'pwa-rh-adm': ['admRH', 'colRH', 'colRHAll', 'gesAdmRH', 'gesColCurRH', 'gesColRH', 'gesRH', 'pwa-rh-auditor', 'pwa-rh-col', 'pwa-rh-ges'],
  'pwa-rh-col': ['colRH', 'colRHAll', 'gesColCurRH', 'gesColRH'],
  'pwa-rh-cur': ['gesColCurRH'],
  'pwa-rh-ges': ['colRH', 'colRHAll', 'gesAdmRH', 'gesColCurRH', 'gesColRH', 'gesRH', 'pwa-rh-col'],
  'pwa-rh-inativo': ['colRHAll'],
};

/** Roles first, then every implied name sorted (as the server's Policy.Audiences). */
export function expandAudiences(
  roles: readonly string[],
  implied: Readonly<Record<string, readonly string[]>> = IMPLIED_AUDIENCES,
): string[] {
  const out: string[] = [];
  for (const r of roles) if (!out.includes(r)) out.push(r);
  const more: string[] = [];
  for (const r of roles) for (const m of implied[r] ?? []) if (!out.includes(m) && !more.includes(m)) more.push(m);
  more.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return [...out, ...more];
}

export interface PermissionInput {
  keys?: Record<string, string> | null;
  roles?: string[] | null;
  employeeStatus?: string;
  purchased?: string[] | null;
  deny?: string[] | null;
  accessConfig?: Record<string, number> | null;
  dynamicAccess?: Record<string, number> | null;
  admin?: boolean;
  timeTreated?: boolean;
  managerRequests?: boolean;
  external?: boolean;
}

export interface Permissions {
  roles: string[];
  audiences: string[];
  purchased: string[];
  deny: string[];
  dynamicAccess: Record<string, number>;
  switches: Record<string, number>;
  admin: boolean;
  timeTreated: boolean;
  managerRequests: boolean;
  external: boolean;
}

/** What a menu item or a route requires. roles: undefined/null none, [] guests only. */
export interface Access {
  id?: string;
  accessId?: string;
  roles?: string[] | null;
  review?: string;
}

/** Reads a comma list: trimmed, empty entries dropped. */
export function splitList(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

class OrderedSet {
  readonly items: string[] = [];
  private readonly seen = new Set<string>();
  constructor(ids: Iterable<string> = []) {
    this.add(...ids);
  }
  add(...ids: string[]) {
    for (const raw of ids) {
      const id = raw.trim();
      if (id && !this.seen.has(id)) {
        this.seen.add(id);
        this.items.push(id);
      }
    }
  }
  has(id: string) {
    return this.seen.has(id);
  }
}

/**
 * Roles: the known ones in stored order, an inactive employee's HR roles turned into
 * pwa-rh-inativo, then those whose profile prefix needs a key the user lacks dropped.
 */
export function deriveRoles(
  keys: Record<string, string> | null | undefined,
  stored: string[] | null | undefined,
  employeeStatus = '',
): string[] {
  const inactive = employeeStatus === 'inactive';
  const roles: string[] = [];
  for (const stored1 of stored ?? []) {
    let r = stored1;
    if (!KNOWN_ROLES.has(r) || roles.includes(r)) continue;
    if (inactive && (r === ROLE_COLLABORATOR || r === ROLE_MANAGER || r === ROLE_HR_ADMIN)) {
      r = ROLE_INACTIVE;
      if (roles.includes(r)) continue;
    }
    roles.push(r);
  }
  if (inactive && !roles.includes(ROLE_INACTIVE)) roles.push(ROLE_INACTIVE);
  return roles.filter((r) => {
    const profile = PROFILE_TYPES.find((p) => r.startsWith(p.prefix));
    return !profile || Boolean((keys?.[profile.key] ?? '').trim());
  });
}

/** The purchased list (spec §6): base module first, stored ids, expansions, variant filter. */
export function derivePurchased(stored: string[] | null | undefined, timeTreated: boolean, managerRequests: boolean): string[] {
  const l = new OrderedSet([BASE_TOOLS_MODULE]);
  l.add(...(stored ?? []));
  if (timeTreated) l.add(TIME_CLOCK_MODULE);
  if (l.has(ALL_DASHBOARDS)) l.add(...DASHBOARD_WIDGETS);
  if (l.has(PAYROLL_MODULE)) l.add(DASHBOARD_MODULE, MASTER_ADMIN_MODULE, ...PAYROLL_WIDGETS);
  if (l.has(TIME_CLOCK_MODULE)) l.add(DASHBOARD_MODULE, MASTER_ADMIN_MODULE, ...TIME_CLOCK_WIDGETS);
  if (!managerRequests) return l.items;
  return l.items.filter((id) => id.startsWith(REQUEST_TOOLS_PREFIX) || id.startsWith(GENERAL_TOOLS_PREFIX));
}

/** rh_* and tools_* switches are feature toggles: 1 denies the feature of that id. */
export function isFeatureSwitch(name: string): boolean {
  if (name in ABILITY_SWITCHES) return false;
  return name.startsWith('rh_') || name.startsWith('tools_');
}

/** The deny list: stored ids, feature switches set to 1, closed widgets not toggled on. */
export function deriveDeny(stored: string[] | null | undefined, accessConfig: Record<string, number> | null | undefined): string[] {
  const l = new OrderedSet(stored ?? []);
  const config = accessConfig ?? {};
  // Sorted by code point, as Go's sort.Strings.
  const names = Object.keys(config).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const k of names) if (config[k] === 1 && isFeatureSwitch(k)) l.add(k);
  for (const w of CLOSED_WIDGETS) if (config[w] !== 1) l.add(w);
  return l.items;
}

export function deriveSwitches(accessConfig: Record<string, number> | null | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, def] of Object.entries(ABILITY_SWITCHES)) {
    const v = accessConfig && k in accessConfig ? accessConfig[k] : def;
    out[k] = v === 1 ? 1 : 0;
  }
  return out;
}

/** Derives permissions; audiences expands roles (the server's casbin answer, or a table). */
export function derivePermissions(input: PermissionInput, audiences: (roles: string[]) => string[]): Permissions {
  const roles = deriveRoles(input.keys, input.roles, input.employeeStatus ?? '');
  const dynamicAccess: Record<string, number> = {};
  for (const f of DYNAMIC_FLAGS) dynamicAccess[f] = input.dynamicAccess?.[f] === 1 ? 1 : 0;
  return {
    roles,
    audiences: audiences(roles),
    purchased: derivePurchased(input.purchased, Boolean(input.timeTreated), Boolean(input.managerRequests)),
    deny: deriveDeny(input.deny, input.accessConfig),
    dynamicAccess,
    switches: deriveSwitches(input.accessConfig),
    admin: Boolean(input.admin),
    timeTreated: Boolean(input.timeTreated),
    managerRequests: Boolean(input.managerRequests),
    external: Boolean(input.external),
  };
}

/**
 * The role check of spec §6: passes when no roles are required, or the required list is
 * empty and the user has none, or any role matches.
 */
export function rolePasses(required: readonly string[] | null | undefined, user: readonly string[]): boolean {
  if (required === undefined || required === null) return true;
  if (required.length === 0) return user.length === 0;
  return required.some((r) => user.includes(r));
}

/** Runs a named extra review; unknown names fail. */
export function review(name: string | undefined, p: Permissions): boolean {
  if (!name) return true;
  if (name === 'admin') return p.admin;
  if (name === 'timeTreatment') return p.timeTreated;
  if (name === 'notManagerRequests') return !p.managerRequests;
  if (name === 'localPassword') return !p.external;
  if (name.startsWith('dynamic:')) return p.dynamicAccess[name.slice('dynamic:'.length)] === 1;
  if (name.startsWith('switch:')) return p.switches[name.slice('switch:'.length)] === 1;
  if (name.startsWith('notRole:')) return !p.roles.includes(name.slice('notRole:'.length));
  return false;
}

/**
 * The visibility rule of spec §6: role check against the audiences; the access id, when
 * there is one, purchased; the id not denied; the optional review passes.
 */
export function isVisible(a: Access, p: Permissions): boolean {
  if (!rolePasses(a.roles, p.audiences)) return false;
  if (a.accessId && !p.purchased.includes(a.accessId)) return false;
  if (a.id && p.deny.includes(a.id)) return false;
  return review(a.review, p);
}

export type MenuItemType = 'group' | 'collapse' | 'item' | 'link' | 'divider';

export interface MenuNode extends Access {
  id: string;
  type: MenuItemType;
  url?: string;
  action?: string;
  icon?: string;
  status?: number;
  children?: MenuNode[];
}

/** Keeps what isVisible shows; groups and collapses left with only dividers are removed. */
export function filterMenu<T extends MenuNode>(items: readonly T[], p: Permissions): T[] {
  const out: T[] = [];
  for (const it of items) {
    if (it.type === 'divider') {
      out.push(it);
      continue;
    }
    if (!isVisible(it, p)) continue;
    if (it.type === 'group' || it.type === 'collapse') {
      const children = filterMenu((it.children ?? []) as T[], p);
      if (children.every((c) => c.type === 'divider')) continue;
      out.push({ ...it, children });
      continue;
    }
    out.push(it);
  }
  return out;
}

/** Ids of the non-divider nodes, depth first. */
export function menuIds(items: readonly MenuNode[]): string[] {
  const out: string[] = [];
  for (const it of items) {
    if (it.type !== 'divider') out.push(it.id);
    out.push(...menuIds(it.children ?? []));
  }
  return out;
}

/** The manager-requests variant of the build (spec §1), switched by VITE_MANAGER_REQUESTS. */
export function managerRequestsVariant(): boolean {
  const v = String(import.meta.env.VITE_MANAGER_REQUESTS ?? '').toLowerCase();
  return v === '1' || v === 'true';
}

/**
 * The signed-in user's permissions. After GET userinfo the user carries the server's
 * derived lists and audiences (casbin), used as they are; a user straight from the login
 * answer carries the stored lists, which the rule derives here. The manager-requests build
 * filters the purchased list either way (the filter changes nothing applied twice).
 */
export function permissionsOf(user: SessionUser | null | undefined): Permissions {
  const variant = managerRequestsVariant();
  if (!user) return derivePermissions({ managerRequests: variant }, () => []);
  const fromServer = Array.isArray(user.audiences);
  const sem = user.tratamentodePonto?.semTratamentodePonto;
  // Time is treated unless the user says otherwise (the server always says).
  const timeTreated = !sem;
  const managerRequests = variant || Boolean(user.managerRequests);
  const roles = user.keys ? deriveRoles(user.keys, user.roles ?? user.role ?? []) : [...(user.role ?? user.roles ?? [])];
  let purchased = splitList(user.purchased);
  purchased = fromServer && !variant ? purchased : derivePurchased(purchased, timeTreated, managerRequests);
  // The host's denials (spec §6) join the list; the server's list has them already.
  const storedDeny = [...new Set([...splitList(user.deny), ...hostDenied(environmentOf(user.environment))])];
  const dynamicAccess: Record<string, number> = {};
  for (const f of DYNAMIC_FLAGS) dynamicAccess[f] = Number(user.dynamicAccess?.[f]) === 1 ? 1 : 0;
  return {
    roles,
    audiences: fromServer ? [...(user.audiences ?? [])] : expandAudiences(roles),
    purchased,
    deny: fromServer ? storedDeny : deriveDeny(storedDeny, user.accessConfig),
    dynamicAccess,
    switches: deriveSwitches(user.accessConfig),
    admin: Boolean(user.flags?.Admin),
    timeTreated,
    managerRequests,
    external: Boolean(user.isGoogle || user.isSSO),
  };
}
