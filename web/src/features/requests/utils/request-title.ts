import { LOCALE_BY_LANGUAGE } from '@/lib/datetime';
import type { Language } from '@/lib/language';
import type { Request } from '../api/types';

/** The origin of the requests a vacation request files (domain/request: Ferias = 10). */
export const VACATION_ORIGIN = 10;

/**
 * The title, reason and comment the server writes, in Portuguese, on the request a vacation
 * request files (process/vacation_chain.go: "Férias 01/12/2026 a 10/12/2026 (10 dias)"). The
 * stored text stays as it is; the reader sees it in their language (issue 29).
 */
const GENERATED_VACATION_TEXT = /^Férias (\d{2})\/(\d{2})\/(\d{4}) a (\d{2})\/(\d{2})\/(\d{4}) \((\d+) dias?\)$/;

export interface VacationTitleParts {
  /** YYYY-MM-DD */
  start: string;
  /** YYYY-MM-DD */
  end: string;
  days: number;
}

const DAY_MS = 86_400_000;

/**
 * The structured fields of a vacation request's generated text: its start and end dates
 * (dataInicio, dataFim) and the days between them, both included. Null for any other text,
 * such as a title a person typed.
 */
export function vacationTitleParts(r: Pick<Request, 'origem' | 'dataInicio' | 'dataFim'>, text: string | null | undefined): VacationTitleParts | null {
  if (r.origem !== VACATION_ORIGIN || !text) return null;
  const m = GENERATED_VACATION_TEXT.exec(text.trim());
  if (!m) return null;
  const start = r.dataInicio?.slice(0, 10) || `${m[3]}-${m[2]}-${m[1]}`;
  const end = r.dataFim?.slice(0, 10) || `${m[6]}-${m[5]}-${m[4]}`;
  const days = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
  return { start, end, days: Number.isFinite(days) && days > 0 ? days : Number(m[7]) };
}

type Tx = (key: string, options?: Record<string, unknown>) => string;

/** A day with a four-digit year in the language's order (01/12/2026, 12/01/2026). */
function dayText(day: string, language: Language): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(LOCALE_BY_LANGUAGE[language], { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** A request's text (its title, reason or comment) as the reader should see it. */
export function requestText(tx: Tx, language: Language, r: Pick<Request, 'origem' | 'dataInicio' | 'dataFim'>, text: string): string;
export function requestText(tx: Tx, language: Language, r: Pick<Request, 'origem' | 'dataInicio' | 'dataFim'>, text: string | null | undefined): string | null | undefined;
export function requestText(tx: Tx, language: Language, r: Pick<Request, 'origem' | 'dataInicio' | 'dataFim'>, text: string | null | undefined) {
  const p = vacationTitleParts(r, text);
  if (!p) return text;
  return tx('vacationTitle', { start: dayText(p.start, language), end: dayText(p.end, language), count: p.days });
}
