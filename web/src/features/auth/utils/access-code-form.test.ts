import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { accessCodeRules, accessCodeServerError } from './access-code-form';

describe('access code form (spec portal-core §5, §8)', () => {
  it('requires the access code', () => {
    expect(accessCodeRules.accessCode('  ')).toBe('accessCodeRequired');
    expect(accessCodeRules.accessCode('DEMOCORP')).toBeNull();
  });

  it('puts tenant lookup errors on the access code', () => {
    const err = new ApiError(404, 'codigo_acesso_invalido', [{ type: 'accessCode', message: 'codigo_acesso_invalido' }]);
    expect(accessCodeServerError(err)).toBe('codigo_acesso_invalido');
    expect(accessCodeServerError(new Error('x'))).toBe('codigo_acesso_invalido');
  });
});
