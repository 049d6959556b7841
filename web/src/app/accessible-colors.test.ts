import { describe, expect, it } from 'vitest';
import { createTheme, mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';
import { contrastRatio, MIN_TEXT_CONTRAST, over } from '@/lib/contrast';
import { accessibleColorVariables } from './accessible-colors';
import { theme as base } from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, base);

describe('accessibleColorVariables', () => {
  const { light, dark } = accessibleColorVariables(full);

  it('keeps the dimmed text, placeholders, links and errors readable in both schemes', () => {
    for (const bg of ['#ffffff', '#f8f9fa', '#f1f3f5']) {
      for (const v of ['--mantine-color-dimmed', '--mantine-color-placeholder', '--mantine-color-anchor', '--mantine-color-error']) {
        expect(contrastRatio(light[v], bg), `${v} on ${bg}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
    }
    for (const bg of ['#242424', '#2e2e2e']) {
      for (const v of ['--mantine-color-dimmed', '--mantine-color-placeholder', '--mantine-color-anchor', '--mantine-color-error']) {
        expect(contrastRatio(dark[v], bg), `${v} on ${bg}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
    }
  });

  it('gives every colour a fill white text reads on and a light-variant text readable on its tint', () => {
    for (const name of Object.keys(full.colors)) {
      expect(contrastRatio(light[`--mantine-color-${name}-filled`], '#ffffff'), `${name} filled`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(contrastRatio(dark[`--mantine-color-${name}-filled`], '#ffffff'), `${name} filled dark`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      const tint = over(full.colors[name][6], 0.12, '#ffffff');
      expect(contrastRatio(light[`--mantine-color-${name}-light-color`], tint), `${name} light`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });

  it('covers a tenant palette of a light primary colour', () => {
    const tenant = mergeMantineTheme(DEFAULT_THEME, createTheme({ ...base, primaryColor: 'yellow' }));
    const vars = accessibleColorVariables(tenant).light;
    expect(contrastRatio(vars['--mantine-color-anchor'], '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});
