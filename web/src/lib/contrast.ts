// WCAG 2.1 contrast (success criterion 1.4.3: 4.5:1 for text) and the colour choices built on it:
// the app's theme and the tenant's palettes keep every text readable (issue 37).

/** The minimum contrast of normal text (WCAG 2.1 SC 1.4.3, level AA). */
export const MIN_TEXT_CONTRAST = 4.5;

export type RGB = [number, number, number];

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export const isHex = (c: unknown): c is string => typeof c === 'string' && HEX.test(c.trim());

export function rgbOf(hex: string): RGB {
  let h = hex.trim().slice(1);
  if (h.length === 3) h = h.split('').map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as RGB;
}

export function hexOf([r, g, b]: readonly number[]): string {
  return `#${[r, g, b].map((c) => Math.round(Math.max(0, Math.min(255, c))).toString(16).padStart(2, '0')).join('')}`;
}

/** `a` moved towards `b` by t (0..1): also how a colour at opacity t over `a` looks. */
export function mixRgb(a: readonly number[], b: readonly number[], t: number): RGB {
  return a.map((c, i) => c + (b[i] - c) * t) as RGB;
}

/** Relative luminance (WCAG 2.1 definition). */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two colours, 1..21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The colour nearest to `hex` (moved towards black or white, whichever helps) that reaches
 * `min` contrast against every one of `backgrounds`; `hex` itself when it already does.
 */
export function readableOn(hex: string, backgrounds: readonly string[], min = MIN_TEXT_CONTRAST): string {
  const ok = (c: string) => backgrounds.every((bg) => contrastRatio(c, bg) >= min + 0.05);
  if (ok(hex)) return hex;
  const darkBg = backgrounds.every((bg) => luminance(bg) < 0.2);
  const target: RGB = darkBg ? [255, 255, 255] : [0, 0, 0];
  const base = rgbOf(hex);
  for (let t = 0.05; t <= 1.0001; t += 0.05) {
    const c = hexOf(mixRgb(base, target, t));
    if (ok(c)) return c;
  }
  return darkBg ? '#ffffff' : '#000000';
}

/** A background under which white text reads (darkened from `hex` as little as needed). */
export function fillForWhiteText(hex: string, min = MIN_TEXT_CONTRAST): string {
  if (contrastRatio(hex, '#ffffff') >= min + 0.05) return hex;
  const base = rgbOf(hex);
  for (let t = 0.05; t <= 1.0001; t += 0.05) {
    const c = hexOf(mixRgb(base, [0, 0, 0], t));
    if (contrastRatio(c, '#ffffff') >= min + 0.05) return c;
  }
  return '#000000';
}

/** `hex` at `alpha` over `bg`, as an opaque colour. */
export const over = (hex: string, alpha: number, bg: string) => hexOf(mixRgb(rgbOf(bg), rgbOf(hex), alpha));
