import { describe, expect, it } from 'vitest';
import { parseTypedDate } from './DateField';

describe('parseTypedDate', () => {
  it('reads ISO dates and each language’s own order', () => {
    expect(parseTypedDate('2027-03-01', 'pt')).toBe('2027-03-01');
    expect(parseTypedDate(' 01/03/2027 ', 'pt')).toBe('2027-03-01');
    expect(parseTypedDate('1/3/2027', 'es')).toBe('2027-03-01');
    expect(parseTypedDate('03/01/2027', 'en')).toBe('2027-03-01');
  });

  it('refuses days that do not exist and other text', () => {
    expect(parseTypedDate('31/02/2027', 'pt')).toBeNull();
    expect(parseTypedDate('2027-13-01', 'pt')).toBeNull();
    expect(parseTypedDate('amanhã', 'pt')).toBeNull();
    expect(parseTypedDate('', 'en')).toBeNull();
  });
});
