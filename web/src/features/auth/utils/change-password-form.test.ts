import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { changeRules, changeServerErrors, newPasswordRules, type ChangeValues } from './change-password-form';

/** The errors of every field, as the form shows them once all were edited. */
function errorsOf(values: ChangeValues, needsCurrent: boolean) {
  const rules = changeRules(needsCurrent);
  const out: Record<string, string> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const e = (rule as (v: string, all: ChangeValues) => string | null)(values[field as keyof ChangeValues], values);
    if (e) out[field] = e;
  }
  return out;
}

describe('change password form (spec portal-core §5)', () => {
  it('requires a new password of at least 8 characters and an equal confirmation', () => {
    expect(errorsOf({ password: '', newPassword: '', newPasswordConfirm: '' }, false)).toEqual({ newPassword: 'newPasswordRequired' });
    expect(errorsOf({ password: '', newPassword: '1234567', newPasswordConfirm: '1234567' }, false)).toEqual({ newPassword: 'passwordMin' });
    expect(errorsOf({ password: '', newPassword: '12345678', newPasswordConfirm: '12345679' }, false)).toEqual({
      newPasswordConfirm: 'passwordsMustMatch',
    });
    expect(errorsOf({ password: '', newPassword: 'Ação@123', newPasswordConfirm: 'Ação@123' }, false)).toEqual({});
  });

  it('counts characters, not UTF-16 units', () => {
    expect(newPasswordRules.newPassword('😀😀😀😀😀😀😀')).toBe('passwordMin');
    expect(newPasswordRules.newPassword('😀😀😀😀😀😀😀😀')).toBeNull();
  });

  it('asks the current password only when signed in', () => {
    const values = { password: '', newPassword: 'Nova@Senha1', newPasswordConfirm: 'Nova@Senha1' };
    expect(errorsOf(values, true)).toEqual({ password: 'currentPasswordRequired' });
    expect(errorsOf(values, false)).toEqual({});
    expect(errorsOf({ ...values, password: 'x' }, true)).toEqual({});
  });

  it('puts server errors on the form fields by type', () => {
    const err = new ApiError(422, 'senha_atual_incorreta', [{ type: 'previousPassword', message: 'senha_atual_incorreta' }]);
    expect(changeServerErrors(err)).toEqual({ password: 'senha_atual_incorreta' });
    const reuse = new ApiError(422, 'senha_reutilizada', [{ type: 'proposedPassword', message: 'senha_reutilizada' }]);
    expect(changeServerErrors(reuse)).toEqual({ newPassword: 'senha_reutilizada' });
    const session = new ApiError(401, 'sessao_invalida', [{ type: 'sessionId', message: 'sessao_invalida' }]);
    expect(changeServerErrors(session)).toEqual({ form: 'sessao_invalida' });
    expect(changeServerErrors(new Error('x'))).toEqual({ form: 'couldNotChange' });
  });
});
