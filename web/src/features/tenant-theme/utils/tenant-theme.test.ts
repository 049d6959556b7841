import { describe, expect, it } from 'vitest';
import { createTheme, mergeThemeOverrides } from '@mantine/core';
import { parseThemes, shadesOf, tenantCssVariables, tenantCssVariablesResolver, tenantThemeOverride } from './tenant-theme';

const THEMES = JSON.stringify({
  main: {
    palette: {
      mode: 'light',
      primary: { main: '#0A7E3B' },
      secondary: { main: '#f5a' },
      background: { default: '#fafafa', paper: '#ffffff' },
      text: { primary: '#222222' },
    },
  },
  navbar: { palette: { primary: { main: '#000000' } } },
});

describe('tenant themes (spec portal-core §3, §4)', () => {
  it('parses the JSON text, refusing what is not an object', () => {
    expect(parseThemes(THEMES)?.main?.palette?.primary?.main).toBe('#0A7E3B');
    expect(parseThemes('')).toBeNull();
    expect(parseThemes(null)).toBeNull();
    expect(parseThemes('{not json')).toBeNull();
    expect(parseThemes('[1,2]')).toBeNull();
  });

  it('makes ten shades with the colour itself at the filled index 6', () => {
    const s = shadesOf('#0A7E3B');
    expect(s).toHaveLength(10);
    expect(s[6]).toBe('#0a7e3b');
    expect(s[0]).not.toBe(s[6]);
    expect(s[9]).not.toBe(s[6]);
    for (const c of s) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    // lighter shades go towards white, darker towards black
    expect(parseInt(s[0].slice(1, 3), 16)).toBeGreaterThan(parseInt(s[5].slice(1, 3), 16));
    expect(shadesOf('#f5a')[6]).toBe('#f5a');
  });

  it('maps the main palette onto the Mantine theme', () => {
    const o = tenantThemeOverride(parseThemes(THEMES));
    expect(o.primaryColor).toBe('tenantPrimary');
    expect(o.colors?.tenantPrimary?.[6]).toBe('#0a7e3b');
    expect(o.colors?.tenantSecondary?.[6]).toBe('#f5a');
    expect(o.other).toMatchObject({ tenantBackground: '#fafafa', tenantPaper: '#ffffff', tenantText: '#222222', tenantMode: 'light' });
    const merged = mergeThemeOverrides(createTheme({ primaryColor: 'blue' }), o);
    expect(merged.primaryColor).toBe('tenantPrimary');
    expect(tenantCssVariables(parseThemes(THEMES))).toEqual({ '--mantine-color-body': '#fafafa', '--mantine-color-text': '#222222' });
    const resolved = tenantCssVariablesResolver(parseThemes(THEMES))(merged as never);
    expect(resolved.light).toEqual({ '--mantine-color-body': '#fafafa', '--mantine-color-text': '#222222' });
    expect(resolved.dark).toEqual({});
  });

  it('leaves the default theme when there is nothing valid to apply', () => {
    expect(tenantThemeOverride(null)).toEqual({});
    expect(tenantThemeOverride(parseThemes('{"navbar":{"palette":{"primary":{"main":"#000"}}}}'))).toEqual({});
    expect(tenantThemeOverride(parseThemes('{"main":{"palette":{"primary":{"main":"red; background:url(x)"}}}}'))).toEqual({});
  });
});
