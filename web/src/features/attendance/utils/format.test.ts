import { describe, expect, it } from 'vitest';
import { hours, lastMonths, percent } from './format';

describe('attendance formats', () => {
  it('writes minutes as hours, negative balances too', () => {
    expect(hours(135)).toBe('2:15');
    expect(hours(-30)).toBe('-0:30');
    expect(hours(0)).toBe('0:00');
  });
  it('writes a rate as a percentage, a dash without schedule', () => {
    expect(percent(0.1101, 'en')).toBe('11.0%');
    expect(percent(null, 'en')).toBe('—');
  });
  it('lists the months back from now across a year', () => {
    expect(lastMonths(new Date(Date.UTC(2026, 1, 10)), 3)).toEqual(['2026-02', '2026-01', '2025-12']);
  });
});
