// The colour-schemes form (spec portal-core §2, business §2): its fields, where they start
// (the user's saved settings, else the tenant's) and the settings a save sends. A personal
// palette is saved only as a full #rrggbb colour (the server refuses any other); a half-typed
// one is left out, as if none was chosen.
import type { Area } from '@/features/tenant-theme';
import { contrastRatio, MIN_TEXT_CONTRAST } from '@/lib/contrast';
import type { SessionUser, TenantInfo, UserSettings } from '@/lib/session-types';
import { effectiveSettings, type LayoutName, type NavbarStyle } from './layout-settings';

export interface ColorSchemesValues {
  layout: LayoutName;
  navbarStyle: NavbarStyle;
  colorScheme: 'light' | 'dark';
  /** The gallery theme of each area; '' or none: the tenant's. */
  areas: Partial<Record<Area, string>>;
  /** The personal palette's primary colour, as typed. */
  palette: string;
  /** Save it as the company's default theme too (key portal_default_theme). */
  companyDefault: boolean;
}

/** A colour the server takes as a palette. */
export const PALETTE_COLOR = /^#[0-9a-f]{6}$/i;

export function colorSchemesInitial(user: SessionUser | null | undefined, tenant: TenantInfo | null | undefined): ColorSchemesValues {
  const current = effectiveSettings(user, tenant);
  return {
    layout: current.layout,
    navbarStyle: current.navbarStyle,
    colorScheme: current.colorScheme ?? 'light',
    areas: user?.settings?.theme ?? {},
    palette: user?.settings?.palette ?? '',
    companyDefault: false,
  };
}

/** The user's settings a save stores: the saved ones with the form's choices over them. */
export function settingsOf(values: ColorSchemesValues, saved: UserSettings | null | undefined): UserSettings {
  const theme = Object.fromEntries(Object.entries(values.areas).filter(([, v]) => v)) as UserSettings['theme'];
  const settings: UserSettings = { ...(saved ?? {}), layout: values.layout, navbarStyle: values.navbarStyle, colorScheme: values.colorScheme, theme };
  if (PALETTE_COLOR.test(values.palette)) settings.palette = values.palette.toLowerCase();
  else delete settings.palette;
  return settings;
}

/** The company default theme (config portal_default_theme) made of the user's settings. */
export function companyTheme({ theme, palette, colorScheme }: UserSettings): string {
  return JSON.stringify({ theme, palette, colorScheme });
}

/** The area's theme after a click on a gallery swatch: chosen, or cleared when it was. */
export function toggledTheme(areas: ColorSchemesValues['areas'], area: Area, name: string): ColorSchemesValues['areas'] {
  return { ...areas, [area]: areas[area] === name ? '' : name };
}

/**
 * Backgrounds a personal palette's primary colour is drawn on (features/tenant-theme gallery:
 * light and dark); the server checks the same pairs (auth/contrast.go). Keep them equal.
 */
export const PALETTE_BACKGROUNDS = { light: ['#f8f9fa', '#ffffff'], dark: ['#1a1b1e', '#25262b'] } as const;

/** The lowest contrast of the palette's primary colour on its backgrounds; null without a full colour. */
export function paletteContrast(palette: string, scheme: 'light' | 'dark'): number | null {
  if (!PALETTE_COLOR.test(palette)) return null;
  return Math.min(...PALETTE_BACKGROUNDS[scheme].map((bg) => contrastRatio(palette, bg)));
}

/** Whether the palette is refused: its text would read under 4.5:1 (WCAG 2.1 SC 1.4.3; issue 37). */
export function paletteUnreadable(values: Pick<ColorSchemesValues, 'palette' | 'colorScheme'>): boolean {
  const c = paletteContrast(values.palette, values.colorScheme);
  return c !== null && c < MIN_TEXT_CONTRAST;
}
