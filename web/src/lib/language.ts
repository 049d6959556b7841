import { getCookie } from './cookies';
import { LANG_COOKIE } from './config';

export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps "pt-BR", "en_US", "ES" ... onto a supported language, or undefined. */
export function normalizeLanguage(value: string | null | undefined): Language | undefined {
  if (!value) return undefined;
  const base = value.toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
}

/**
 * Language at start-up: the `lang` cookie, otherwise the browser's languages,
 * otherwise pt (spec portal-core §1).
 */
export function detectLanguage(): Language {
  const fromCookie = normalizeLanguage(getCookie(LANG_COOKIE));
  if (fromCookie) return fromCookie;
  if (typeof navigator !== 'undefined') {
    const candidates = [...(navigator.languages ?? []), navigator.language];
    for (const c of candidates) {
      const lng = normalizeLanguage(c);
      if (lng) return lng;
    }
  }
  return DEFAULT_LANGUAGE;
}
