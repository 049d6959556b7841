import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { credentialRules, credentialServerErrors, forgotRequestErrors, normalizeUserName } from './credentials-form';

describe('credentials form (spec portal-core §5, §8)', () => {
  it('requires user name (trimmed) and password', () => {
    expect(credentialRules.userName('   ')).toBe('userNameRequired');
    expect(credentialRules.password('')).toBe('passwordRequired');
    expect(credentialRules.userName(' ana ')).toBeNull();
    expect(credentialRules.password('x')).toBeNull();
    expect(normalizeUserName('  ana.souza  ')).toBe('ana.souza');
  });

  it('shows accessCode errors of the credential login on the user name', () => {
    const err = new ApiError(401, 'nao_autorizado', [{ type: 'accessCode', message: 'nao_autorizado' }]);
    expect(credentialServerErrors(err)).toEqual({ userName: 'nao_autorizado' });
    const pw = new ApiError(401, 'nao_autorizado', [{ type: 'password', message: 'nao_autorizado' }]);
    expect(credentialServerErrors(pw)).toEqual({ password: 'nao_autorizado' });
    expect(credentialServerErrors(new ApiError(401, '', []))).toEqual({ userName: 'nao_autorizado' });
  });

  it('requires user name and access code for the forgot link', () => {
    expect(forgotRequestErrors('  ', '')).toEqual({ userName: 'userNameRequired', accessCode: 'accessCodeRequired' });
    expect(forgotRequestErrors('ana', undefined)).toEqual({ accessCode: 'accessCodeRequired' });
    expect(forgotRequestErrors('ana', 'DEMOCORP')).toEqual({});
  });
});
