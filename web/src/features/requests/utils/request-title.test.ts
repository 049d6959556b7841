import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { requestText, vacationTitleParts, VACATION_ORIGIN } from './request-title';

const tx = (key: string, options?: Record<string, unknown>) => (i18n.t as unknown as (k: string, o?: Record<string, unknown>) => string)(key, { ns: 'requests', ...options });
const generated = 'Férias 01/12/2026 a 10/12/2026 (10 dias)';
const vacation = { origem: VACATION_ORIGIN, dataInicio: '2026-12-01', dataFim: '2026-12-10' };

describe('a vacation request title in the reader language (issue 29)', () => {
  it('renders the generated title from its dates and days in pt, en and es', async () => {
    await i18n.loadNamespaces('requests');
    await i18n.loadLanguages(['en', 'es']);
    await i18n.changeLanguage('pt');
    expect(requestText(tx, 'pt', vacation, generated)).toBe('Férias 01/12/2026 a 10/12/2026 (10 dias)');
    await i18n.changeLanguage('en');
    expect(requestText(tx, 'en', vacation, generated)).toBe('Vacation 12/01/2026 to 12/10/2026 (10 days)');
    await i18n.changeLanguage('es');
    expect(requestText(tx, 'es', vacation, generated)).toBe('Vacaciones del 01/12/2026 al 10/12/2026 (10 días)');
    await i18n.changeLanguage('en');
    const oneDay = { origem: VACATION_ORIGIN, dataInicio: '2026-12-01', dataFim: '2026-12-01' };
    expect(requestText(tx, 'en', oneDay, 'Férias 01/12/2026 a 01/12/2026 (1 dia)')).toBe('Vacation 12/01/2026 to 12/01/2026 (1 day)');
    await i18n.changeLanguage('pt');
  });

  it('takes the dates from the structured fields, the title only as a fallback', () => {
    expect(vacationTitleParts(vacation, generated)).toEqual({ start: '2026-12-01', end: '2026-12-10', days: 10 });
    expect(vacationTitleParts({ origem: VACATION_ORIGIN, dataInicio: null, dataFim: null }, generated)).toEqual({ start: '2026-12-01', end: '2026-12-10', days: 10 });
  });

  it('leaves typed titles and other origins alone', () => {
    expect(requestText(tx, 'en', vacation, 'Férias de dezembro')).toBe('Férias de dezembro');
    expect(requestText(tx, 'en', { ...vacation, origem: 1 }, generated)).toBe(generated);
    expect(requestText(tx, 'en', vacation, null)).toBeNull();
  });
});
