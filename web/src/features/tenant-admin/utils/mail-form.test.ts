import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { clearedMail, mailFingerprint, mailSaveRefusal, mailServer, mailServerErrors } from './mail-form';

const server = { urlSmtpServer: '127.0.0.1', eMailPort: 2525, protocoloSmtpServer: 'none', eMailLogonUser: 'u', eMailLogonPsw: 'p' };

describe('mail server form (spec portal-business §2)', () => {
  it('sends the five fields as text', () => {
    expect(mailServer({ ...server, home_page_title: 'x' })).toEqual({ ...server, eMailPort: '2525' });
  });

  it('refuses a save of changed fields that were not validated as they are', () => {
    expect(mailSaveRefusal(server, { urlSmtpServer: '127.0.0.1' }, null)).toBe('configuracao_smtp_invalida');
    expect(mailSaveRefusal(server, { urlSmtpServer: '127.0.0.1' }, mailFingerprint(server))).toBeNull();
    expect(mailSaveRefusal({ ...server, eMailPort: 25 }, { eMailPort: 25 }, mailFingerprint(server))).toBe('configuracao_smtp_invalida');
    expect(mailSaveRefusal(server, {}, null)).toBeNull();
  });

  it('lets cleared fields be saved without a validation', () => {
    expect(clearedMail()).toEqual({ urlSmtpServer: '', eMailPort: '0', protocoloSmtpServer: '', eMailLogonUser: '', eMailLogonPsw: '' });
    expect(mailSaveRefusal(clearedMail(), { urlSmtpServer: '' }, null)).toBeNull();
  });

  it('puts a refused validation on the field it names', () => {
    expect(mailServerErrors(new ApiError(422, 'x', [{ type: 'address', message: 'email_invalido' }]))).toEqual({ address: 'email_invalido' });
    expect(mailServerErrors(new ApiError(422, 'configuracao_smtp_invalida', []))).toEqual({ urlSmtpServer: 'configuracao_smtp_invalida' });
  });
});
