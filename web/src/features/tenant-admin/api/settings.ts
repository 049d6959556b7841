import { api } from '@/lib/api';
import type { CommandContext } from '@/lib/query';

/** Configuration keys (docs/api.md "Tenant administration"). */
export const CONFIG_KEYS = {
  policy: 'STARPAR-C-TENANT',
  home: 'home_page',
  mail: 'rh_email',
  access: 'access_id',
  clockApp: 'time_clock_app',
  templates: 'email_templates',
  defaultTheme: 'portal_default_theme',
  timesheetRule: 'timesheet_rule',
  payrollPublish: 'payroll_publish',
} as const;
export type ConfigKey = (typeof CONFIG_KEYS)[keyof typeof CONFIG_KEYS];

export type FieldKind = 'text' | 'url' | 'email' | 'digits' | 'switch' | 'choice' | 'secret' | 'html' | 'json';
export type ConfigValue = string | number;

export interface ConfigField {
  name: string;
  kind: FieldKind;
  max?: number;
  choices?: string[];
  group: string;
  variables?: string[];
}

/** A key's fields (purchased ones only), values (secrets never: only whether they are set). */
export interface ConfigView {
  key: ConfigKey;
  fields: ConfigField[];
  values: Record<string, ConfigValue>;
  secrets: Record<string, boolean>;
  updatedAt?: string;
  updatedBy?: string;
}

/** POST /api/authManagement/getConfig?tenId {par, ciaId, key}. */
export function getConfig(key: ConfigKey, signal?: AbortSignal): Promise<ConfigView> {
  return api.post<ConfigView>('/api/authManagement/getConfig', { par: '', ciaId: '', key }, { signal });
}

/** POST /api/authManagement/updateConfig?tenId {ciaId, key, template}: template is a JSON string. */
export function updateConfig(key: ConfigKey, changes: Record<string, ConfigValue>, ctx?: CommandContext): Promise<ConfigView> {
  return api.post<ConfigView>(
    '/api/authManagement/updateConfig',
    { ciaId: '', key, template: JSON.stringify(changes) },
    { idempotencyKey: ctx?.idempotencyKey },
  );
}

export interface ConfigChange {
  key: ConfigKey;
  changes: Record<string, ConfigValue>;
}

/** updateConfig as a command (useCommand). */
export function saveConfig({ key, changes }: ConfigChange, ctx?: CommandContext): Promise<ConfigView> {
  return updateConfig(key, changes, ctx);
}

/** The five fields a validation e-mail tests. */
export const MAIL_FIELDS = ['urlSmtpServer', 'eMailPort', 'protocoloSmtpServer', 'eMailLogonUser', 'eMailLogonPsw'] as const;

export interface MailAnswer {
  message: string;
  succeeded: boolean;
}

/** POST /api/sendmessage/send-smtp?tenId: a validation e-mail through the given server. */
export function validateMailServer(
  { address, server }: { address: string; server: Record<(typeof MAIL_FIELDS)[number], string> },
  ctx?: CommandContext,
): Promise<MailAnswer> {
  return api.post<MailAnswer>('/api/sendmessage/send-smtp', { address, ...server }, { idempotencyKey: ctx?.idempotencyKey });
}

/** POST /api/sendmessage/send-template?tenId: a template preview sent to a recipient. */
export function sendTemplate(
  { address, subject, message }: { address: string; subject: string; message: string },
  ctx?: CommandContext,
): Promise<MailAnswer> {
  return api.post<MailAnswer>('/api/sendmessage/send-template', { address, subject, message, typeEmail: 3 }, { idempotencyKey: ctx?.idempotencyKey });
}

/** POST /api/authManagement/sendNewLogin?tenId {userName}: a temporary password by e-mail (template 1510). */
export function sendNewLogin(userName: string, ctx?: CommandContext): Promise<MailAnswer> {
  return api.post<MailAnswer>('/api/authManagement/sendNewLogin', { userName }, { idempotencyKey: ctx?.idempotencyKey });
}
