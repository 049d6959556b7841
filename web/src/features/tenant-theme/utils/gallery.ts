// The colour-scheme gallery (spec portal-core §2, business §2 "Colour schemes"): named
// palettes for the four areas (main, navbar, toolbar, footer), and the user's personal
// palette (a primary colour with a light or dark type). A user's choices, else the tenant's
// default theme (key portal_default_theme), become a TenantThemes object that
// use-tenant-theme applies like the tenant's own themes.
import type { UserSettings } from '@/lib/session-types';
import type { TenantPalette, TenantThemes } from './tenant-theme';

export type Area = 'main' | 'navbar' | 'toolbar' | 'footer';
export const AREAS: readonly Area[] = ['main', 'navbar', 'toolbar', 'footer'];

const light = (primary: string, background = '#f8f9fa', paper = '#ffffff', text = '#1a1b1e'): TenantPalette => ({
  mode: 'light',
  primary: { main: primary },
  background: { default: background, paper },
  text: { primary: text },
});
const dark = (primary: string, background = '#1a1b1e', paper = '#25262b', text = '#f1f3f5'): TenantPalette => ({
  mode: 'dark',
  primary: { main: primary },
  background: { default: background, paper },
  text: { primary: text },
});

/** Every named theme. */
export const GALLERY: Record<string, TenantPalette> = {
  default: light('#228be6'),
  forest: light('#2b8a3e', '#f4faf5'),
  ocean: light('#0c8599', '#f1f9fb'),
  sunset: light('#e8590c', '#fff8f3'),
  grape: light('#862e9c', '#faf5fc'),
  slate: light('#495057', '#f1f3f5'),
  navy: dark('#4dabf7', '#102a43', '#163a5c'),
  night: dark('#748ffc'),
  charcoal: dark('#51cf66', '#212529', '#2b3035'),
  // Kept for settings saved by the old portal; not offered in the lists.
  legacyDefault: light('#1976d2', '#fafafa'),
  legacyDark: dark('#90caf9', '#121212', '#1e1e1e'),
};

/** Named themes left out of the lists (spec: "some named themes are excluded"). */
export const EXCLUDED_THEMES = ['legacyDefault', 'legacyDark'];

/** The names the gallery offers. */
export const galleryNames = (): string[] => Object.keys(GALLERY).filter((n) => !EXCLUDED_THEMES.includes(n));

const HEX6 = /^#[0-9a-f]{6}$/i;

/** A theme choice: the user's settings, or the tenant's default theme (tenantSettings.defaultTheme). */
export type ThemeChoice = Pick<UserSettings, 'theme' | 'palette' | 'colorScheme'>;

/** Whether a choice names anything (else the tenant's own themes stay). */
export function hasChoice(c: ThemeChoice | null | undefined): boolean {
  return Boolean(c && ((c.palette && HEX6.test(c.palette)) || AREAS.some((a) => c.theme?.[a] && GALLERY[c.theme[a] as string])));
}

/**
 * The themes of a choice: each area's named palette; the personal palette (primary colour and
 * light or dark type) replaces the main area's.
 */
export function themesOf(c: ThemeChoice): TenantThemes {
  const out: TenantThemes = {};
  for (const a of AREAS) {
    const p = c.theme?.[a] ? GALLERY[c.theme[a] as string] : undefined;
    if (p) out[a] = { palette: p };
  }
  if (c.palette && HEX6.test(c.palette)) {
    out.main = { palette: c.colorScheme === 'dark' ? dark(c.palette) : light(c.palette) };
  }
  return out;
}

/** The style of a chrome area (navbar, toolbar, footer) under themes; undefined keeps Mantine's. */
export function areaStyle(themes: TenantThemes | null, area: Exclude<Area, 'main'>): Record<string, string> | undefined {
  const p = themes?.[area]?.palette;
  if (!p) return undefined;
  const bg = p.mode === 'dark' ? p.background?.default : p.primary?.main;
  const fg = p.mode === 'dark' ? p.text?.primary : '#ffffff';
  if (!bg || !fg) return undefined;
  return { background: bg, color: fg, '--mantine-color-text': fg, '--mantine-color-dimmed': fg };
}
