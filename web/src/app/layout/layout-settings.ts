import type { SessionUser, TenantInfo, UserSettings } from '@/lib/session-types';

export type LayoutName = 'layout1' | 'layout2' | 'layout3';
export type NavbarStyle = 'style-1' | 'style-2' | 'style-3' | 'style-3-dense';

export const LAYOUTS: readonly LayoutName[] = ['layout1', 'layout2', 'layout3'];
export const NAVBAR_STYLES: readonly NavbarStyle[] = ['style-1', 'style-2', 'style-3', 'style-3-dense'];

/** Navigation widths (spec portal-core §9): 250; style-3 120 (dense 64); folded 64. */
export const NAVBAR_WIDTHS: Record<NavbarStyle, number> = {
  'style-1': 250,
  'style-2': 64,
  'style-3': 120,
  'style-3-dense': 64,
};
export const NAVBAR_UNFOLDED_WIDTH = 250;

/** Default container width (spec §2): 1570 for layout1, 1120 for the horizontal ones. */
export const CONTAINER_WIDTHS: Record<LayoutName, number> = { layout1: 1570, layout2: 1120, layout3: 1120 };

export interface EffectiveSettings {
  layout: LayoutName;
  navbarStyle: NavbarStyle;
  navbar: boolean;
  toolbar: boolean;
  footer: boolean;
  colorScheme?: 'light' | 'dark';
}

function pick<T extends string>(allowed: readonly T[], ...values: unknown[]): T | undefined {
  for (const v of values) if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
  return undefined;
}

/**
 * The layout in force: the user's settings, else the tenant's (TenantInfo settings or the
 * tenant settings GET userinfo sends), else layout1 with style-1, everything shown.
 */
export function effectiveSettings(user: SessionUser | null | undefined, tenant: TenantInfo | null | undefined): EffectiveSettings {
  const mine: UserSettings = user?.settings ?? {};
  const theirs = { ...(tenant?.settings ?? {}), ...(user?.tenantSettings ?? {}) } as Record<string, unknown>;
  const bool = (v: unknown, def: boolean) => (typeof v === 'boolean' ? v : def);
  return {
    layout: pick(LAYOUTS, mine.layout, theirs.layout) ?? 'layout1',
    navbarStyle: pick(NAVBAR_STYLES, mine.navbarStyle, theirs.navbarStyle) ?? 'style-1',
    navbar: bool(mine.navbar, bool(theirs.navbar, true)),
    toolbar: bool(mine.toolbar, bool(theirs.toolbar, true)),
    footer: bool(mine.footer, bool(theirs.footer, true)),
    colorScheme: pick(['light', 'dark'] as const, mine.colorScheme, theirs.colorScheme),
  };
}
