import { describe, expect, it } from 'vitest';
import { changedMark, cnpj, hhmm, previousMonth, recentMonths } from './format';

describe('timesheet formats', () => {
  it('writes a CNPJ with its punctuation', () => {
    expect(cnpj('12345678000195')).toBe('12.345.678/0001-95');
    expect(cnpj('')).toBe('');
    expect(cnpj('123')).toBe('123');
  });
  it('shows minutes as HH:MM', () => {
    expect(hhmm(0)).toBe('00:00');
    expect(hhmm(545)).toBe('09:05');
    expect(hhmm(-30)).toBe('-00:30');
    expect(hhmm(6000)).toBe('100:00');
  });
  it('picks the months', () => {
    expect(previousMonth(new Date('2026-01-15T12:00:00Z'))).toBe('2025-12');
    expect(recentMonths(new Date('2026-02-01T12:00:00Z'), 3)).toEqual(['2026-02', '2026-01', '2025-12']);
  });
  it('tells an adjusted or HR mark from a punch as made', () => {
    const at = '2026-10-05T11:00:00Z';
    expect(changedMark({ at, registeredAt: at })).toBe(false);
    expect(changedMark({ at, registeredAt: '2026-10-05T11:05:00Z' })).toBe(true);
    expect(changedMark({ at, registeredAt: null })).toBe(true);
    expect(changedMark({ at, registeredAt: at, byHr: true })).toBe(true);
  });
});
