import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { resources } from './resources';

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('translations', () => {
  it('en and es have exactly the keys of pt, none empty', () => {
    for (const ns of Object.keys(resources.pt) as (keyof typeof resources.pt)[]) {
      const ref = keys(resources.pt[ns]).sort();
      for (const lng of ['en', 'es'] as const) {
        expect(keys(resources[lng][ns]).sort(), `${lng}/${ns}`).toEqual(ref);
        for (const k of ref) {
          expect(i18n.getResource(lng, ns, k), `${lng}/${ns}:${k}`).toBeTruthy();
        }
      }
    }
  });

  it('pt is the default and fallback language', () => {
    expect(i18n.options.fallbackLng).toEqual(['pt']);
    expect(i18n.t('passwordRequired', { ns: 'validation', lng: 'pt' })).toBe('Por favor insira sua senha');
  });
});
