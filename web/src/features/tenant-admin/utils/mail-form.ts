// The mail server panel's form (spec portal-business §2): the five server fields of the key
// rh_email, the address a validation e-mail goes to, and the rule of its save — refused with
// "invalid SMTP configuration" unless the five fields were validated as they are, or none of
// them changed, or all were cleared.
import { mapErrorsToFields } from '@/lib/api';
import { MAIL_FIELDS } from '../api/settings';
import type { ConfigValues } from './config-form';

export type MailField = (typeof MAIL_FIELDS)[number];

/** The five fields as the validation call sends them. */
export function mailServer(values: ConfigValues): Record<MailField, string> {
  return Object.fromEntries(MAIL_FIELDS.map((f) => [f, String(values[f] ?? '')])) as Record<MailField, string>;
}

/** The five fields as they were validated (compared at save). */
export function mailFingerprint(values: ConfigValues): string {
  return JSON.stringify(mailServer(values));
}

/** "Clear": the five fields emptied (the port to 0). */
export function clearedMail(): ConfigValues {
  return Object.fromEntries(MAIL_FIELDS.map((f) => [f, f === 'eMailPort' ? '0' : '']));
}

/** The message key that stops a save, or null. */
export function mailSaveRefusal(values: ConfigValues, changed: ConfigValues, validated: string | null): string | null {
  const touched = MAIL_FIELDS.some((f) => f in changed);
  const cleared = MAIL_FIELDS.every((f) => ['', '0'].includes(String(values[f] ?? '')));
  return touched && !cleared && validated !== mailFingerprint(values) ? 'configuracao_smtp_invalida' : null;
}

/** A refused validation's errors on the five fields or the address. */
export function mailServerErrors(error: unknown): Record<string, string> {
  return mapErrorsToFields(error, { fields: [...MAIL_FIELDS, 'address'], fallback: 'urlSmtpServer' }) as Record<string, string>;
}

/** The recipient of the validation e-mail: the administrator's own address to start with. */
export interface MailAddressValues {
  address: string;
}
