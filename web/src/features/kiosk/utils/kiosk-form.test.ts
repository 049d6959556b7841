import { describe, expect, it } from 'vitest';
import { kioskRules } from './kiosk-form';

describe('kioskRules', () => {
  it('asks for a user name (not blanks) and a password (blanks are a password)', () => {
    expect(kioskRules.userName('')).toBe('required');
    expect(kioskRules.userName('   ')).toBe('required');
    expect(kioskRules.userName(' ana.souza ')).toBeNull();
    expect(kioskRules.password('')).toBe('required');
    expect(kioskRules.password(' ')).toBeNull();
  });
});
