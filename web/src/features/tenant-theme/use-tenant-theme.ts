import { useMemo } from 'react';
import { mergeThemeOverrides, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import { useSessionStore } from '@/lib/session-store';
import { areaStyle, hasChoice, themesOf, type Area, type ThemeChoice } from './utils/gallery';
import { parseThemes, tenantCssVariablesResolver, tenantThemeOverride, type TenantThemes } from './utils/tenant-theme';

/**
 * The themes in force: the tenant's (TenantInfo on the login screen, the signed-in user's
 * themes in the shell), with the areas the user chose from the gallery or a personal palette,
 * else those of the tenant's default theme (portal_default_theme), laid over them.
 */
function useThemes(): TenantThemes | null {
  const tenantThemes = useSessionStore((s) => s.tenant?.themes);
  const user = useSessionStore((s) => s.user as { themes?: string | null; settings?: ThemeChoice | null; tenantSettings?: Record<string, unknown> | null } | null);
  const text = user?.themes || tenantThemes;
  const mine = user?.settings;
  const fallback = user?.tenantSettings?.defaultTheme as ThemeChoice | undefined;
  const choice = hasChoice(mine) ? mine : hasChoice(fallback) ? fallback : null;
  return useMemo(() => {
    const base = parseThemes(text);
    return choice ? { ...(base ?? {}), ...themesOf(choice) } : base;
    // The choice's content, not its identity, decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, JSON.stringify(choice)]);
}

/**
 * The base theme with the main palette in force applied, and the palette's body colours.
 */
export function useTenantTheme(base: MantineThemeOverride): { theme: MantineThemeOverride; cssVariablesResolver: CSSVariablesResolver } {
  const themes = useThemes();
  return useMemo(
    () => ({ theme: mergeThemeOverrides(base, tenantThemeOverride(themes)), cssVariablesResolver: tenantCssVariablesResolver(themes) }),
    [base, themes],
  );
}

/** The colours of a chrome area (navbar, toolbar, footer); undefined keeps Mantine's. */
export function useAreaStyle(area: Exclude<Area, 'main'>): Record<string, string> | undefined {
  const themes = useThemes();
  return useMemo(() => areaStyle(themes, area), [themes, area]);
}
