import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import type { ConfigView } from '../api/settings';
import { changedFields, configServerErrors, configValues } from './config-form';

const view: ConfigView = {
  key: 'rh_email',
  fields: [
    { name: 'urlSmtpServer', kind: 'text', group: 'id_500' },
    { name: 'eMailPort', kind: 'digits', group: 'id_500' },
    { name: 'eMailLogonPsw', kind: 'secret', group: 'id_500' },
  ],
  values: { urlSmtpServer: 'smtp.example.com', eMailPort: 587 },
  secrets: { eMailLogonPsw: true },
};

describe('configuration key form (spec portal-business §2)', () => {
  it('shows the stored values, secrets empty, with the edits over them', () => {
    expect(configValues(view, {})).toEqual({ urlSmtpServer: 'smtp.example.com', eMailPort: 587, eMailLogonPsw: '' });
    expect(configValues(view, { eMailPort: 25 })).toMatchObject({ eMailPort: 25 });
    expect(configValues(null, {})).toEqual({});
  });

  it('sends only the fields that changed, and a secret only when typed', () => {
    expect(changedFields(view, configValues(view, {}))).toEqual({});
    expect(changedFields(view, configValues(view, { eMailPort: 587, urlSmtpServer: 'mail.example.com' }))).toEqual({ urlSmtpServer: 'mail.example.com' });
    expect(changedFields(view, configValues(view, { eMailLogonPsw: 's3' }))).toEqual({ eMailLogonPsw: 's3' });
  });

  it('puts a refusal on its field, else on the first field', () => {
    const named = new ApiError(400, 'valor_invalido', [{ type: 'eMailPort', message: 'valor_invalido' }]);
    expect(configServerErrors(view, named)).toEqual({ eMailPort: 'valor_invalido' });
    expect(configServerErrors(view, new Error('x'))).toEqual({ urlSmtpServer: 'erro_interno' });
  });
});
