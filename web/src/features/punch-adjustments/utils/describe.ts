import type { TFunction } from 'i18next';
import i18n from '@/i18n';
import { ApiError } from '@/lib/api';
import type { Adjustment } from '../api/types';

type T = TFunction<'adjustments'>;

/** What an adjustment asks for, in one line ("09:30 → 08:00", "Add 17:30", "Excused: whole day"). */
export function describeAdjustment(t: T, a: Pick<Adjustment, 'tipo' | 'hora' | 'horaAnterior' | 'inicio' | 'fim'>): string {
  switch (a.tipo) {
    case 'incluir':
      return t('what.incluir', { time: a.hora });
    case 'corrigir':
      return a.horaAnterior ? t('what.corrigir', { from: a.horaAnterior, to: a.hora }) : t('what.corrigirSemAnterior', { to: a.hora });
    default:
      return t('what.abonar', { range: excuseRange(t, a.inicio, a.fim) });
  }
}

/** An abono's period: "08:00 to 12:00", or "whole day". */
export function excuseRange(t: T, from?: string, to?: string): string {
  return from && to ? t('range', { from, to }) : t('wholeDay');
}

/** The translated status of an adjustment request (approval status first: waiting for whom). */
export function statusText(t: T, a: Pick<Adjustment, 'status' | 'approvalStatus'>): string {
  const key = `status.${a.approvalStatus}`;
  return i18n.exists(key, { ns: 'adjustments' }) ? t(key as 'status.waiting') : t(`status.${a.status}` as 'status.waiting', { defaultValue: a.status });
}

export function statusColor(status: string): string {
  if (status === 'approved') return 'teal';
  if (status === 'rejected') return 'red';
  return 'yellow';
}

/** The i18n key (namespace adjustments) of a server error key (docs/api.md): errors.<key>, or the generic one. */
export function errorKey(key: string | undefined): 'errors.generic' {
  if (key && /^[a-z_]+$/.test(key) && i18n.exists(`errors.${key}`, { ns: 'adjustments' })) return `errors.${key}` as 'errors.generic';
  return 'errors.generic';
}

/** The text of a server error key (docs/api.md), or the generic message. */
export function errorMessage(t: T, key: string | undefined): string {
  return t(errorKey(key));
}

/** The server's refusal as i18n keys: {field: key} of the fields named, and the key of what no field shows. */
export function fieldErrors(err: unknown, fields: readonly string[]): { byField: Record<string, string>; general?: string } {
  const byField: Record<string, string> = {};
  let general: string | undefined;
  const items = err instanceof ApiError && err.errors.length > 0 ? err.errors : [{ type: '', message: err instanceof ApiError ? err.message : '' }];
  for (const e of items) {
    if (fields.includes(e.type)) byField[e.type] = errorKey(e.message);
    else general = errorKey(e.message);
  }
  return { byField, general };
}

export { formatDay } from '@/lib/datetime';
