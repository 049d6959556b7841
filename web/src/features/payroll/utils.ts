import i18n from '@/i18n';
import { LOCALE_BY_LANGUAGE } from '@/lib/datetime';
import type { Language } from '@/lib/language';
import { translateServerMessage } from '@/lib/server-message';

/**
 * The text of a server refusal key: the payroll ones (domain/payroll Key*: arquivo_nao_pdf,
 * documento_retirado…) from the payroll namespace, the others from the shared server messages.
 */
export function payrollMessage(key: string | undefined | null, fallback: string): string {
  if (key && /^[a-z0-9_]+$/.test(key) && i18n.exists(key, { ns: 'payroll' })) return i18n.t(key as 'documento_retirado', { ns: 'payroll' });
  return translateServerMessage(key, fallback);
}

/** The text of why a file of a batch was not published. */
export function unmatchedReason(reason: string): string {
  if (i18n.exists(`reasons.${reason}`, { ns: 'payroll' }) && reason !== 'other') return i18n.t(`reasons.${reason}` as 'reasons.no_match', { ns: 'payroll' });
  const text = payrollMessage(reason, '');
  return text || i18n.t('reasons.other', { ns: 'payroll', reason });
}

/** A competence month (YYYY-MM) as the language writes it (e.g. "out. de 2026"). */
export function formatMonth(month: string, language: Language): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return new Intl.DateTimeFormat(LOCALE_BY_LANGUAGE[language], { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)));
}

/** Newest competence first (the server sends them so; the list must not depend on it). */
export function newestFirst<T extends { month: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => b.month.localeCompare(a.month));
}
