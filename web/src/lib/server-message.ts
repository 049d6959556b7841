import i18n from '@/i18n';

/**
 * Translates a server message key (docs/api.md: messages are snake_case i18n
 * keys) from the validation namespace; unknown keys give the fallback, which
 * is already translated.
 */
export function translateServerMessage(key: string | undefined | null, fallback: string): string {
  if (key && /^[a-z0-9_]+$/.test(key) && i18n.exists(`server.${key}`, { ns: 'validation' })) {
    return i18n.t(`server.${key}` as 'server.nao_autorizado', { ns: 'validation' });
  }
  return fallback;
}

/**
 * Text of a form-field error. Local rules store camelCase keys of the
 * validation namespace (e.g. passwordRequired); server errors store their
 * snake_case key (e.g. nao_autorizado). Unknown keys read 'could not validate'.
 */
export function translateFieldError(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  if (/^[a-zA-Z]+$/.test(value) && i18n.exists(value, { ns: 'validation' })) {
    return i18n.t(value as 'required', { ns: 'validation' });
  }
  return translateServerMessage(value, i18n.t('couldNotValidate', { ns: 'validation' }));
}
