import { describe, expect, it } from 'vitest';
import { isoToText, maskDate, textToIso } from './date-text';

describe('dd/MM/yyyy dates (spec §5)', () => {
  it('shows YYYY-MM-DD as dd/MM/yyyy and a year before 1900 as empty', () => {
    expect(isoToText('2026-11-20')).toBe('20/11/2026');
    expect(isoToText('1899-12-31')).toBe('');
    expect(isoToText('')).toBe('');
    expect(isoToText(null)).toBe('');
  });

  it('reads a complete dd/MM/yyyy only', () => {
    expect(textToIso('20/11/2026')).toBe('2026-11-20');
    expect(textToIso('20/11/26')).toBeUndefined();
    expect(textToIso('2026-11-20')).toBeUndefined();
  });

  it('masks what is typed', () => {
    expect(maskDate('20112026')).toBe('20/11/2026');
    expect(maskDate('20/1')).toBe('20/1');
    expect(maskDate('2a0b1')).toBe('20/1');
    expect(maskDate('201120261234')).toBe('20/11/2026');
  });
});
