import { describe, expect, it } from 'vitest';
import { newLoginRules } from './new-login-form';

describe('new login form', () => {
  it('needs a user name', () => {
    expect(newLoginRules.userName('  ')).toBe('campo_obrigatorio');
    expect(newLoginRules.userName('pedro.alves')).toBeNull();
  });
});
