import i18n from '@/i18n';
import { translateFieldError } from '@/lib/server-message';

/**
 * Text of an error of the password forms: keys of the authFlows namespace's `errors`
 * (local rules in camelCase, the password calls' server keys in snake_case) first, then
 * the shared validation catalogue.
 */
export function translateFlowError(key: string | undefined | null): string | undefined {
  if (!key) return undefined;
  if (/^[A-Za-z0-9_]+$/.test(key) && i18n.exists(`errors.${key}`, { ns: 'authFlows' })) {
    return i18n.t(`errors.${key}` as 'errors.codeRequired', { ns: 'authFlows' });
  }
  return translateFieldError(key);
}
