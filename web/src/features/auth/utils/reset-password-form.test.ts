import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { normalizeResetCode, resetRules, resetServerErrors, type ResetValues } from './reset-password-form';

function errorsOf(values: ResetValues) {
  const out: Record<string, string> = {};
  for (const [field, rule] of Object.entries(resetRules)) {
    const e = (rule as (v: string, all: ResetValues) => string | null)(values[field as keyof ResetValues], values);
    if (e) out[field] = e;
  }
  return out;
}

describe('reset form (spec portal-core §2, §5, §9)', () => {
  it('forces the code to upper case and 8 characters', () => {
    expect(normalizeResetCode(' ab cd 2345xyz ')).toBe('ABCD2345');
    expect(normalizeResetCode('k7m9')).toBe('K7M9');
  });

  it('requires the 8-character code and the new password rules', () => {
    expect(errorsOf({ codverify: '', newPassword: '', newPasswordConfirm: '' })).toEqual({
      codverify: 'codeRequired',
      newPassword: 'newPasswordRequired',
    });
    expect(errorsOf({ codverify: 'abc', newPassword: 'Nova@Senha1', newPasswordConfirm: 'Nova@Senha1' })).toEqual({ codverify: 'codeLength' });
    expect(errorsOf({ codverify: 'abcd2345', newPassword: 'Nova@Senha1', newPasswordConfirm: 'Nova@Senha2' })).toEqual({
      newPasswordConfirm: 'passwordsMustMatch',
    });
    expect(errorsOf({ codverify: 'abcd2345', newPassword: 'Nova@Senha1', newPasswordConfirm: 'Nova@Senha1' })).toEqual({});
  });

  it('shows code errors on the code field', () => {
    const err = new ApiError(422, 'codigo_invalido', [{ type: 'code', message: 'codigo_invalido' }]);
    expect(resetServerErrors(err)).toEqual({ codverify: 'codigo_invalido' });
    expect(resetServerErrors(new Error('x'))).toEqual({ form: 'couldNotReset' });
  });
});
