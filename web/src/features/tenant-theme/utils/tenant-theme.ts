// The tenant's theme (spec portal-core §3: TenantInfo.themes is JSON text; §4: login success
// stores the tenant's theme and it is applied). The JSON holds four areas — main, navbar,
// toolbar, footer — each with a palette; the main palette's colours map onto the Mantine
// theme: primary.main becomes the primary colour, secondary.main a second named colour, and
// background.default/paper and text.primary the body colours of that scheme.
import type { CSSVariablesResolver, MantineColorsTuple, MantineThemeOverride } from '@mantine/core';

export interface PaletteColor {
  main?: string;
}

export interface TenantPalette {
  mode?: 'light' | 'dark';
  primary?: PaletteColor;
  secondary?: PaletteColor;
  background?: { default?: string; paper?: string };
  text?: { primary?: string };
}

export interface TenantThemes {
  main?: { palette?: TenantPalette };
  navbar?: { palette?: TenantPalette };
  toolbar?: { palette?: TenantPalette };
  footer?: { palette?: TenantPalette };
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Parses the themes JSON text; anything unreadable gives null (the default theme stays). */
export function parseThemes(text: string | null | undefined): TenantThemes | null {
  if (!text || !text.trim()) return null;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as TenantThemes) : null;
  } catch {
    return null;
  }
}

function rgb(hex: string): [number, number, number] {
  let h = hex.slice(1);
  if (h.length === 3) h = h.split('').map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex([r, g, b]: number[]): string {
  return `#${[r, g, b].map((c) => Math.round(Math.max(0, Math.min(255, c))).toString(16).padStart(2, '0')).join('')}`;
}

function mix(a: [number, number, number], b: [number, number, number], t: number): number[] {
  return a.map((c, i) => c + (b[i] - c) * t);
}

/**
 * Ten shades around one colour, as Mantine expects: index 6 (the filled shade of the light
 * scheme) is the colour itself, lighter ones mixed with white, darker ones with black.
 */
export function shadesOf(hex: string): MantineColorsTuple {
  const base = rgb(hex);
  const white: [number, number, number] = [255, 255, 255];
  const black: [number, number, number] = [0, 0, 0];
  const light = [0.92, 0.8, 0.65, 0.5, 0.35, 0.18].map((t) => toHex(mix(base, white, t)));
  const dark = [0.15, 0.3, 0.45].map((t) => toHex(mix(base, black, t)));
  return [...light, hex.toLowerCase(), ...dark] as unknown as MantineColorsTuple;
}

const valid = (c: string | undefined): c is string => typeof c === 'string' && HEX.test(c.trim());

/** The Mantine override for the tenant's main palette; {} when there is nothing to apply. */
export function tenantThemeOverride(themes: TenantThemes | null): MantineThemeOverride {
  const p = themes?.main?.palette;
  if (!p) return {};
  const override: MantineThemeOverride = {};
  const colors: Record<string, MantineColorsTuple> = {};
  if (valid(p.primary?.main)) {
    colors.tenantPrimary = shadesOf(p.primary.main.trim());
    override.primaryColor = 'tenantPrimary';
    override.primaryShade = { light: 6, dark: 6 };
  }
  if (valid(p.secondary?.main)) colors.tenantSecondary = shadesOf(p.secondary.main.trim());
  if (Object.keys(colors).length) override.colors = colors;
  const other: Record<string, string> = {};
  if (valid(p.background?.default)) other.tenantBackground = p.background.default.trim();
  if (valid(p.background?.paper)) other.tenantPaper = p.background.paper.trim();
  if (valid(p.text?.primary)) other.tenantText = p.text.primary.trim();
  if (p.mode === 'light' || p.mode === 'dark') other.tenantMode = p.mode;
  if (Object.keys(other).length) override.other = other;
  return override;
}

/**
 * Body colours of the tenant palette, as Mantine CSS variables for the palette's own scheme
 * (mode, light by default); the other scheme keeps Mantine's colours.
 */
export function tenantCssVariablesResolver(themes: TenantThemes | null): CSSVariablesResolver {
  const vars = tenantCssVariables(themes);
  const dark = themes?.main?.palette?.mode === 'dark';
  return () => ({ variables: {}, light: dark ? {} : vars, dark: dark ? vars : {} });
}

/** CSS variables for the body colours of the tenant palette. */
export function tenantCssVariables(themes: TenantThemes | null): Record<string, string> {
  const p = themes?.main?.palette;
  const vars: Record<string, string> = {};
  if (!p) return vars;
  if (valid(p.background?.default)) vars['--mantine-color-body'] = p.background.default.trim();
  if (valid(p.text?.primary)) vars['--mantine-color-text'] = p.text.primary.trim();
  return vars;
}
