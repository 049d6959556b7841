import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import {
  canSubmitChange,
  canSubmitReset,
  changeServerErrors,
  normalizeResetCode,
  resetServerErrors,
  validateChange,
  validateForgotRequest,
  validateReset,
} from './password-validation';

describe('change password validation (spec portal-core §5)', () => {
  it('requires a new password of at least 8 characters and an equal confirmation', () => {
    expect(validateChange({ password: '', newPassword: '', newPasswordConfirm: '' }, false)).toEqual({
      newPassword: 'newPasswordRequired',
    });
    expect(validateChange({ password: '', newPassword: '1234567', newPasswordConfirm: '1234567' }, false)).toEqual({
      newPassword: 'passwordMin',
    });
    expect(validateChange({ password: '', newPassword: '12345678', newPasswordConfirm: '12345679' }, false)).toEqual({
      newPasswordConfirm: 'passwordsMustMatch',
    });
    expect(validateChange({ password: '', newPassword: 'Ação@123', newPasswordConfirm: 'Ação@123' }, false)).toEqual({});
  });

  it('asks the current password only when signed in', () => {
    const values = { password: '', newPassword: 'Nova@Senha1', newPasswordConfirm: 'Nova@Senha1' };
    expect(validateChange(values, true)).toEqual({ password: 'currentPasswordRequired' });
    expect(validateChange(values, false)).toEqual({});
    expect(validateChange({ ...values, password: 'x' }, true)).toEqual({});
  });

  it('allows submitting only when valid and changed', () => {
    const ok = { password: 'Demo@2024!', newPassword: 'Nova@Senha1', newPasswordConfirm: 'Nova@Senha1' };
    expect(canSubmitChange(ok, true, false)).toBe(false);
    expect(canSubmitChange(ok, true, true)).toBe(true);
    expect(canSubmitChange(ok, true, true, true)).toBe(false);
    expect(canSubmitChange({ ...ok, newPasswordConfirm: 'x' }, true, true)).toBe(false);
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

describe('reset form validation (spec portal-core §2, §5, §9)', () => {
  it('forces the code to upper case and 8 characters', () => {
    expect(normalizeResetCode(' ab cd 2345xyz ')).toBe('ABCD2345');
    expect(normalizeResetCode('k7m9')).toBe('K7M9');
  });

  it('requires the 8-character code and the new password rules', () => {
    expect(validateReset({ codverify: '', newPassword: '', newPasswordConfirm: '' })).toEqual({
      codverify: 'codeRequired',
      newPassword: 'newPasswordRequired',
    });
    expect(validateReset({ codverify: 'abc', newPassword: 'Nova@Senha1', newPasswordConfirm: 'Nova@Senha1' })).toEqual({
      codverify: 'codeLength',
    });
    expect(validateReset({ codverify: 'abcd2345', newPassword: 'Nova@Senha1', newPasswordConfirm: 'Nova@Senha2' })).toEqual({
      newPasswordConfirm: 'passwordsMustMatch',
    });
    expect(validateReset({ codverify: 'abcd2345', newPassword: 'Nova@Senha1', newPasswordConfirm: 'Nova@Senha1' })).toEqual({});
  });

  it('keeps the button disabled until valid and touched', () => {
    const ok = { codverify: 'ABCD2345', newPassword: 'Nova@Senha1', newPasswordConfirm: 'Nova@Senha1' };
    expect(canSubmitReset(ok, false)).toBe(false);
    expect(canSubmitReset(ok, true)).toBe(true);
    expect(canSubmitReset({ ...ok, codverify: 'ABCD' }, true)).toBe(false);
  });

  it('shows code errors on the code field', () => {
    const err = new ApiError(422, 'codigo_invalido', [{ type: 'code', message: 'codigo_invalido' }]);
    expect(resetServerErrors(err)).toEqual({ codverify: 'codigo_invalido' });
  });

  it('requires user name and access code for the forgot link', () => {
    expect(validateForgotRequest('  ', '')).toEqual({ userName: 'userNameRequired', accessCode: 'accessCodeRequired' });
    expect(validateForgotRequest('ana', 'DEMOCORP')).toEqual({});
  });
});
