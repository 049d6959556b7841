import { describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import * as cookies from './cookies';
import { detectLanguage } from './language';
import { useLanguageStore } from './language-store';

function browserLanguages(list: string[]) {
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(list[0] ?? '');
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(list);
}

describe('language', () => {
  it('defaults to pt without cookie and with an unsupported browser language', () => {
    browserLanguages(['fr-FR', 'de']);
    expect(detectLanguage()).toBe('pt');
    useLanguageStore.getState().reset();
    expect(useLanguageStore.getState().language).toBe('pt');
    expect(i18n.language).toBe('pt');
  });

  it('uses the browser language when there is no cookie', () => {
    browserLanguages(['es-ES', 'en']);
    expect(detectLanguage()).toBe('es');
  });

  it('prefers the lang cookie over the browser', () => {
    browserLanguages(['es-ES']);
    document.cookie = 'lang=en; path=/';
    expect(detectLanguage()).toBe('en');
  });

  it('ignores an unsupported cookie value', () => {
    browserLanguages(['fr-FR']);
    document.cookie = 'lang=xx; path=/';
    expect(detectLanguage()).toBe('pt');
  });

  it('switching writes the lang cookie for 24 months and changes i18next', () => {
    const spy = vi.spyOn(cookies, 'setCookie');
    const before = new Date();
    useLanguageStore.getState().setLanguage('en');

    expect(useLanguageStore.getState().language).toBe('en');
    expect(i18n.language).toBe('en');
    expect(document.cookie).toContain('lang=en');
    expect(document.documentElement.lang).toBe('en');

    expect(spy).toHaveBeenCalledTimes(1);
    const [name, value, expires] = spy.mock.calls[0];
    expect(name).toBe('lang');
    expect(value).toBe('en');
    const expected = new Date(before);
    expected.setMonth(expected.getMonth() + 24);
    expect(Math.abs(expires.getTime() - expected.getTime())).toBeLessThan(5000);
    expect(detectLanguage()).toBe('en');
  });
});
