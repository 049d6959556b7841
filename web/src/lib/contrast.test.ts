import { describe, expect, it } from 'vitest';
import { contrastRatio, fillForWhiteText, MIN_TEXT_CONTRAST, over, readableOn } from './contrast';

describe('contrast', () => {
  it('computes the WCAG ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 1);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(contrastRatio('#ffffff', '#228be6')).toBeCloseTo(3.56, 2);
  });

  it('darkens a text colour on light backgrounds and lightens it on dark ones only as needed', () => {
    const light = readableOn('#868e96', ['#ffffff', '#f1f3f5']);
    expect(contrastRatio(light, '#f1f3f5')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(light, '#f1f3f5')).toBeLessThan(7);
    const dark = readableOn('#828282', ['#242424', '#2e2e2e']);
    expect(contrastRatio(dark, '#2e2e2e')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(readableOn('#000000', ['#ffffff'])).toBe('#000000');
  });

  it('darkens a fill until white text reads on it', () => {
    expect(contrastRatio(fillForWhiteText('#12b886'), '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(fillForWhiteText('#1864ab')).toBe('#1864ab');
  });

  it('flattens a tint over its background', () => {
    expect(over('#000000', 0.5, '#ffffff')).toBe('#808080');
  });
});
