import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { ssoConfigChange, ssoConfigServerErrors, ssoConfigValues } from './sso-config-form';

const stored = { issuer: 'https://idp.example.com', clientId: 'portal', hasSecret: true, grantTypes: 1, enabled: false, configured: true };

describe('single sign-on config form (spec portal-core §3)', () => {
  it('shows the stored config without its secret; a new config starts enabled', () => {
    expect(ssoConfigValues(stored)).toEqual({
      issuer: 'https://idp.example.com',
      clientId: 'portal',
      secret: '',
      publicClient: false,
      grantTypes: '1',
      enabled: false,
    });
    const none = ssoConfigValues({ ...stored, configured: false, hasSecret: false, issuer: '', clientId: '' });
    expect(none.enabled).toBe(true);
    expect(none.publicClient).toBe(false);
    expect(ssoConfigValues({ ...stored, hasSecret: false }).publicClient).toBe(true);
  });

  it('sends the secret only when typed, and an empty one for a public client', () => {
    const v = ssoConfigValues(stored);
    expect(ssoConfigChange(v)).toEqual({ issuer: 'https://idp.example.com', clientId: 'portal', grantTypes: 1, enabled: false });
    expect(ssoConfigChange({ ...v, secret: 's3' }).clientSecret).toBe('s3');
    expect(ssoConfigChange({ ...v, secret: 's3', publicClient: true }).clientSecret).toBe('');
  });

  it('puts refusals on the field they name, others on the issuer', () => {
    expect(ssoConfigServerErrors(new ApiError(400, 'emissor_https', [{ type: 'issuer', message: 'emissor_https' }]))).toEqual({ issuer: 'emissor_https' });
    expect(ssoConfigServerErrors(new ApiError(422, 'provedor_inacessivel', []))).toEqual({ issuer: 'provedor_inacessivel' });
    expect(ssoConfigServerErrors(new ApiError(400, 'x', [{ type: 'clientId', message: 'obrigatorio' }]))).toEqual({ clientId: 'obrigatorio' });
  });
});
