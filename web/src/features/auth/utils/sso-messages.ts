import i18n from '@/i18n';

/**
 * The text of a server message key in the sso namespace, under `group` ('errors' of the
 * sign-in and link flows, 'config.errors' of the provider panel); unknown keys read the
 * group's default.
 */
export function ssoMessage(key: string, group: 'errors' | 'config.errors' = 'errors'): string {
  if (/^[a-z0-9_]+$/.test(key) && i18n.exists(`${group}.${key}`, { ns: 'sso' })) {
    return i18n.t(`${group}.${key}` as 'errors.default', { ns: 'sso' });
  }
  return i18n.t(`${group}.default` as 'errors.default', { ns: 'sso' });
}
