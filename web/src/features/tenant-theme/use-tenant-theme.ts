import { useMemo } from 'react';
import { mergeThemeOverrides, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import { useSessionStore } from '@/lib/session-store';
import { parseThemes, tenantCssVariablesResolver, tenantThemeOverride } from './utils/tenant-theme';

/**
 * The base theme with the stored tenant's main palette applied (from TenantInfo on the login
 * screen, and from the signed-in user's themes in the shell), and the palette's body colours.
 */
export function useTenantTheme(base: MantineThemeOverride): { theme: MantineThemeOverride; cssVariablesResolver: CSSVariablesResolver } {
  const tenantThemes = useSessionStore((s) => s.tenant?.themes);
  const userThemes = useSessionStore((s) => (s.user as { themes?: string | null } | null)?.themes);
  const text = userThemes || tenantThemes;
  return useMemo(() => {
    const themes = parseThemes(text);
    return { theme: mergeThemeOverrides(base, tenantThemeOverride(themes)), cssVariablesResolver: tenantCssVariablesResolver(themes) };
  }, [base, text]);
}
