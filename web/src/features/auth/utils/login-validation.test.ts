import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import {
  accessCodeServerError,
  canSubmitCredentials,
  credentialServerErrors,
  normalizeUserName,
  validateAccessCode,
  validateCredentials,
} from './login-validation';

describe('login validation', () => {
  it('requires user name (trimmed) and password', () => {
    expect(validateCredentials({ userName: '   ', password: '' })).toEqual({
      userName: 'userNameRequired',
      password: 'passwordRequired',
    });
    expect(validateCredentials({ userName: ' ana ', password: 'x' })).toEqual({});
    expect(normalizeUserName('  ana.souza  ')).toBe('ana.souza');
  });

  it('requires the access code', () => {
    expect(validateAccessCode('  ')).toBe('accessCodeRequired');
    expect(validateAccessCode('DEMOCORP')).toBeUndefined();
  });

  it('allows submitting only when valid and edited', () => {
    expect(canSubmitCredentials({ userName: 'ana', password: 'x' }, false)).toBe(false);
    expect(canSubmitCredentials({ userName: 'ana', password: '' }, true)).toBe(false);
    expect(canSubmitCredentials({ userName: 'ana', password: 'x' }, true)).toBe(true);
    expect(canSubmitCredentials({ userName: 'ana', password: 'x' }, true, true)).toBe(false);
  });

  it('shows accessCode errors of the credential login on the user name', () => {
    const err = new ApiError(401, 'nao_autorizado', [{ type: 'accessCode', message: 'nao_autorizado' }]);
    expect(credentialServerErrors(err)).toEqual({ userName: 'nao_autorizado' });
    const pw = new ApiError(401, 'nao_autorizado', [{ type: 'password', message: 'nao_autorizado' }]);
    expect(credentialServerErrors(pw)).toEqual({ password: 'nao_autorizado' });
  });

  it('puts tenant lookup errors on the access code', () => {
    const err = new ApiError(404, 'codigo_acesso_invalido', [{ type: 'accessCode', message: 'codigo_acesso_invalido' }]);
    expect(accessCodeServerError(err)).toBe('codigo_acesso_invalido');
    expect(accessCodeServerError(new Error('x'))).toBe('codigo_acesso_invalido');
  });
});
