// Colour variables that keep every text of the app at WCAG 2.1 AA contrast (4.5:1, issue 37),
// laid over Mantine's defaults: Mantine's own shades put white on #228be6 (3.55:1), its dimmed
// grey on white (3.32:1) and each colour's light-variant text on its tint under 4.5:1. Each
// colour of the theme (the tenant's palette included) keeps its hue and is darkened (light
// scheme) or lightened (dark scheme) only as far as needed.
import { isVirtualColor, type CSSVariablesResolver, type MantineTheme } from '@mantine/core';
import { fillForWhiteText, over, readableOn } from '@/lib/contrast';

type Vars = Record<string, string>;

/** Mantine's surfaces each scheme draws text on (body, paper, default, striped/hover rows). */
function surfaces(theme: MantineTheme) {
  const { gray, dark } = theme.colors;
  const other = theme.other as { tenantBackground?: string; tenantMode?: string };
  const lightBody = other.tenantMode !== 'dark' && other.tenantBackground ? [other.tenantBackground] : [];
  const darkBody = other.tenantMode === 'dark' && other.tenantBackground ? [other.tenantBackground] : [];
  return {
    light: [theme.white, gray[0], gray[1], ...lightBody],
    dark: [dark[7], dark[6], dark[8], ...darkBody],
  };
}

function colorVars(theme: MantineTheme, name: string, shades: readonly string[], s: ReturnType<typeof surfaces>): { light: Vars; dark: Vars } {
  const lightShade = shades[lightPrimaryShade(theme)];
  const lightTint = over(lightShade, 0.12, theme.white);
  // Light badges and buttons also sit on striped or hovered rows: their tint over grey 1 too.
  const lightText = readableOn(lightShade, [...s.light, lightTint, over(lightShade, 0.2, theme.colors.gray[1])]);
  const lightFill = fillForWhiteText(lightShade);
  const darkShade = shades[darkPrimaryShade(theme)];
  const darkTint = over(shades[Math.max(0, darkPrimaryShade(theme) - 2)], 0.2, theme.colors.dark[7]);
  const darkText = readableOn(shades[4], [...s.dark, darkTint]);
  const darkFill = fillForWhiteText(darkShade);
  return {
    light: {
      [`--mantine-color-${name}-text`]: lightText,
      [`--mantine-color-${name}-filled`]: lightFill,
      [`--mantine-color-${name}-filled-hover`]: fillForWhiteText(over('#000000', 0.12, lightFill)),
      [`--mantine-color-${name}-light-color`]: lightText,
      [`--mantine-color-${name}-outline`]: lightText,
    },
    dark: {
      [`--mantine-color-${name}-text`]: darkText,
      [`--mantine-color-${name}-filled`]: darkFill,
      [`--mantine-color-${name}-filled-hover`]: over('#000000', 0.12, darkFill),
      [`--mantine-color-${name}-light-color`]: readableOn(shades[Math.max(0, darkPrimaryShade(theme) - 5)], [...s.dark, darkTint]),
      [`--mantine-color-${name}-outline`]: darkText,
    },
  };
}

const lightPrimaryShade = (t: MantineTheme) => (typeof t.primaryShade === 'number' ? t.primaryShade : t.primaryShade.light);
const darkPrimaryShade = (t: MantineTheme) => (typeof t.primaryShade === 'number' ? t.primaryShade : t.primaryShade.dark);

/** The readable colour variables of a theme, per scheme. */
export function accessibleColorVariables(theme: MantineTheme): { light: Vars; dark: Vars } {
  const s = surfaces(theme);
  const light: Vars = {};
  const dark: Vars = {};
  for (const [name, value] of Object.entries(theme.colors)) {
    if (isVirtualColor(value) || !Array.isArray(value)) continue;
    const v = colorVars(theme, name, value, s);
    Object.assign(light, v.light);
    Object.assign(dark, v.dark);
  }
  const { gray, red } = theme.colors;
  const primary = colorVars(theme, theme.primaryColor, theme.colors[theme.primaryColor], s);
  const lightDimmed = readableOn(gray[6], [...s.light, gray[2]]);
  const darkDimmed = readableOn(theme.colors.dark[2], [...s.dark, theme.colors.dark[5]]);
  Object.assign(light, {
    '--mantine-color-dimmed': lightDimmed,
    // Mantine draws some placeholders as text (Input.Placeholder: FileInput, pickers), #adb5bd on white is 2.07:1.
    '--mantine-color-placeholder': lightDimmed,
    '--mantine-color-error': colorVars(theme, 'red', red, s).light['--mantine-color-red-text'],
    '--mantine-color-anchor': primary.light[`--mantine-color-${theme.primaryColor}-text`],
    '--mantine-primary-color-contrast': theme.white,
  });
  Object.assign(dark, {
    '--mantine-color-dimmed': darkDimmed,
    '--mantine-color-placeholder': darkDimmed,
    '--mantine-color-error': colorVars(theme, 'red', red, s).dark['--mantine-color-red-text'],
    '--mantine-color-anchor': primary.dark[`--mantine-color-${theme.primaryColor}-text`],
    '--mantine-primary-color-contrast': theme.white,
  });
  return { light, dark };
}

/** `resolver`'s variables over the readable ones (the tenant's body colours win). */
export function withAccessibleColors(resolver: CSSVariablesResolver): CSSVariablesResolver {
  return (theme) => {
    const mine = accessibleColorVariables(theme);
    const theirs = resolver(theme);
    return { variables: theirs.variables, light: { ...mine.light, ...theirs.light }, dark: { ...mine.dark, ...theirs.dark } };
  };
}
